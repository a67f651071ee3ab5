-- A course's seats have one source of truth: its seat-inventory stream `course-{id}`.
-- Once the inventory is open, `courses.seats` is written only by the `course_seats`
-- projection, from `InventoryOpened` and `CapacityChanged`; before that it holds the
-- seats the inventory is to be opened with. `seats_version` is the stream version of the
-- last of those events applied (null: none yet), and guards every write, so a replayed
-- or late event changes nothing. A rebuild clears it and replays the streams.
alter table courses add column seats_version bigint;
