-- App content written by admins: promo banners, menus and content pages. Plain CRUD
-- tables (not event-sourced). HTML columns hold sanitised HTML, and are sanitised again
-- on the way out (rows may come from fixtures or older data).
create table banners (
    id           bigint generated always as identity primary key,
    title        text        not null,
    text         text        not null default '',          -- sanitised HTML
    link         text        not null default '',          -- relative path or http(s) URL
    link_target  text        not null default '_self',
    bg_class     text        not null default '',          -- CSS class names
    text_class   text        not null default '',
    refresh_time integer     not null default 0 check (refresh_time >= 0),  -- seconds
    valid_from   timestamptz,                               -- null: since ever
    valid_to     timestamptz,                               -- null: for ever
    sort_order   integer     not null default 0,
    created_at   timestamptz not null default now(),
    updated_at   timestamptz not null default now(),
    constraint banners_valid_range check (valid_from is null or valid_to is null or valid_from < valid_to)
);
create index banners_created_at on banners (created_at desc);

-- One menu per type; `content` is the JSON text of a list of items
-- `{name, link, target, children?}` that the web parses.
create table menus (
    id         bigint generated always as identity primary key,
    name       text        not null,
    type       text        not null check (type in ('top', 'bottom1', 'bottom2')),
    content    text        not null default '[]',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint menus_type_unique unique (type)
);

-- Content pages, shown at `/{slug}`.
create table contents (
    id           bigint generated always as identity primary key,
    title        text        not null,
    slug         text        not null check (slug ~ '^[a-z0-9-]+$'),
    keywords     text        not null default '',
    content      text        not null default '',          -- sanitised HTML
    side_content text        not null default '',          -- sanitised HTML
    template     text        not null default 'default',
    created_at   timestamptz not null default now(),
    updated_at   timestamptz not null default now(),
    constraint contents_slug_unique unique (slug)
);
