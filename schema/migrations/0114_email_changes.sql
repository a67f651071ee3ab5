-- A customer corrects their account's e-mail (RODO art. 16): the new address is kept here
-- until the link sent to it is opened (accounts-api `email_change`), so a typo or someone
-- else's address never becomes the login. The token's SHA-256 only, as for every link.
create table email_changes (
    token_hash bytea       primary key,
    user_id    uuid        not null references users (id) on delete cascade,
    new_email  text        not null,
    expires_at timestamptz not null,
    created_at timestamptz not null default now()
);
create index email_changes_user on email_changes (user_id);
