-- Accounts: users and their tokens (sessions, activation links, password resets).
-- Plain tables: accounts are not event-sourced.
create table users (
    id            uuid primary key,
    email         text        not null,
    password_hash text        not null,          -- argon2id PHC string
    first_name    text        not null,
    last_name     text        not null default '',
    phone         text        not null default '',
    role          text        not null default 'User' check (role in ('User', 'SuperAdmin')),
    active        boolean     not null default false,  -- true once the e-mail is confirmed
    created_at    timestamptz not null default now(),
    updated_at    timestamptz not null default now()
);
create unique index users_email on users (lower(email));

-- Tokens are random; only their SHA-256 is stored.
create table auth_tokens (
    token_hash bytea       primary key,
    user_id    uuid        not null references users (id) on delete cascade,
    purpose    text        not null check (purpose in ('session', 'activation', 'password_reset')),
    expires_at timestamptz not null,
    created_at timestamptz not null default now(),
    revoked_at timestamptz
);
create index auth_tokens_user on auth_tokens (user_id, purpose);
