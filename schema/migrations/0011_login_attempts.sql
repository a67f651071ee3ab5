-- Login throttling (query-api accounts): every password check reserves a row here first;
-- a successful check deletes its row, a failed one leaves it as a failure. Counting the
-- rows of the last 15 minutes per e-mail and per client address bounds the guesses, and
-- because the rows live in the database the limit holds across processes.
create table login_attempts (
    id            bigint generated always as identity primary key,
    email         text        not null,            -- lower-cased
    client_addr   text,                             -- null when the server was not given one
    attempted_at  timestamptz not null default now(),
    email_cleared boolean     not null default false  -- a later successful login reset this e-mail's count
);
create index login_attempts_email on login_attempts (email, attempted_at);
create index login_attempts_client on login_attempts (client_addr, attempted_at);
create index login_attempts_time on login_attempts (attempted_at);
