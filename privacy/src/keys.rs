//! The subjects' keys in PostgreSQL (`privacy_keys`) and the register of erasures
//! (`privacy_erasures`), behind a cache: a key is read once per 30 seconds per process,
//! an erased subject's absence for good. An erasure is announced on the channel
//! `privacy_erased` in its transaction; a [`Keyring::listening`] keyring forgets the
//! subject when told, and without the announcement (a lost connection) when its cached key
//! expires.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use batching::Batcher;
use sqlx::PgPool;
use uuid::Uuid;

use crate::journal::Journal;
use crate::seal::{Key, SealError};
use crate::transform::Keys;
use crate::Subject;

/// How long a key read from the table is used before it is read again.
pub const KEY_TTL: Duration = Duration::from_secs(30);

/// At most this many subjects are cached; the cache starts again when full.
const CACHE_LIMIT: usize = 100_000;

#[derive(Debug, thiserror::Error)]
pub enum KeyError {
    #[error("the key table: {0}")]
    Db(#[from] sqlx::Error),
    #[error(transparent)]
    Seal(#[from] SealError),
    #[error("the journal of erasures: {0}")]
    Journal(#[from] std::io::Error),
    /// The shared statement that makes new keys failed (its error, as text).
    #[error("the key table: {0}")]
    Made(String),
}

/// Who made an erasure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Actor {
    /// The person themselves (a customer deleting their account, a guest by their link).
    Person,
    /// An admin on the person's behalf (a request by letter or at the desk).
    Admin,
    /// The retention schedule, or the system making an erasure again.
    Schedule,
}

impl Actor {
    /// As the register stores it: `person`, `admin`, `schedule`.
    pub fn code(self) -> &'static str {
        match self {
            Actor::Person => "person",
            Actor::Admin => "admin",
            Actor::Schedule => "schedule",
        }
    }

    /// The stored code read back (anything else is the schedule's).
    pub fn from_code(code: &str) -> Self {
        match code {
            "person" => Actor::Person,
            "admin" => Actor::Admin,
            _ => Actor::Schedule,
        }
    }
}

/// One erasure, as the register keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Erasure {
    pub subject: String,
    pub erased_at: chrono::DateTime<chrono::Utc>,
    pub erased_by: Option<Uuid>,
    pub reason: String,
}

type Cached = (Option<Arc<Key>>, Option<Instant>);

/// The key table and the register, with this process's cache of keys.
pub struct Keyring {
    pool: PgPool,
    cache: Mutex<HashMap<Subject, Cached>>,
    /// Where erasures are also written, outside the database (none: not journalled).
    journal: Option<Journal>,
    /// New keys, made for many callers in one statement (each new order has subjects of
    /// its own, so under load every order would otherwise pay a statement and a commit).
    maker: Batcher<MakeKeys, String>,
}

/// How the new keys' statement commits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyCommit {
    /// Waiting for its WAL flush (events stored elsewhere than this database).
    Durable,
    /// Without waiting: the events sealed with the keys are appended to this database
    /// afterwards, and their commit flushes the keys too
    /// ([`event_store::postgres::COMMIT_AHEAD`]).
    BeforeEventsHere,
}

impl std::fmt::Debug for Keyring {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Keyring").field("journal", &self.journal).finish_non_exhaustive()
    }
}

/// One caller's subjects without a key, the keys it proposes for them, and where the
/// shared statement leaves the rows it read for them (filled only once it committed).
#[derive(Clone)]
struct MakeKeys {
    subjects: Vec<String>,
    fresh: Vec<Vec<u8>>,
    rows: Arc<Mutex<Option<Vec<KeyRow>>>>,
}

/// A subject and its key, as the table holds them.
type KeyRow = (String, Vec<u8>);

/// Callers whose new keys share one statement, at most.
const MAKE_BATCH: usize = 256;
/// Statements making keys at once.
const MAKERS: usize = 2;

/// Makes the keys of many callers in one statement: a subject gets the key proposed for
/// it unless it has one (then that one) or is erased (then no row). Each caller is handed
/// the rows of its own subjects.
async fn make_keys(pool: PgPool, commit: KeyCommit, batch: Vec<MakeKeys>) -> Result<(), String> {
    let names: Vec<&str> = batch.iter().flat_map(|b| b.subjects.iter().map(String::as_str)).collect();
    let fresh: Vec<&[u8]> = batch.iter().flat_map(|b| b.fresh.iter().map(Vec::as_slice)).collect();
    // Two callers proposing a key for the same subject in one batch: the insert takes the
    // first, and both read the row it made. The existing keys are looked up with `= any`,
    // an index probe per subject: as a join with the unnested list, a generic plan can
    // hash the whole table (it grew to milliseconds a call in the orders benchmark).
    let ahead = match commit {
        KeyCommit::Durable => String::new(),
        KeyCommit::BeforeEventsHere => format!("cross join {}", event_store::postgres::COMMIT_AHEAD),
    };
    let sql = format!(
        "with wanted as (select * from unnest($1::text[], $2::bytea[]) as w(subject, key)),
         made as (
             insert into privacy_keys (subject, key)
             select distinct on (w.subject) w.subject, w.key from wanted w {ahead}
             where not exists (select 1 from privacy_erasures e where e.subject = w.subject)
             on conflict (subject) do nothing
             returning subject, key)
         select subject, key from made
         union all
         select k.subject, k.key from privacy_keys k where k.subject = any($1)"
    );
    let rows = sqlx::query_as::<_, KeyRow>(&sql)
        .bind(&names)
        .bind(&fresh)
        .fetch_all(&pool)
        .await
        .map_err(|e| e.to_string())?;
    let by_subject: HashMap<&str, &Vec<u8>> = rows.iter().map(|(s, k)| (s.as_str(), k)).collect();
    for caller in batch {
        let own = caller
            .subjects
            .iter()
            .filter_map(|s| by_subject.get(s.as_str()).map(|k| (s.clone(), (*k).clone())))
            .collect();
        *caller.rows.lock().unwrap_or_else(|e| e.into_inner()) = Some(own);
    }
    Ok(())
}

/// The channel erasures are announced on (the payload: the subject).
pub const ERASED_CHANNEL: &str = "privacy_erased";

impl Keyring {
    /// A keyring with no listener: it forgets another process's erasures when its cached
    /// keys expire ([`KEY_TTL`]). For a command that runs once.
    pub fn new(pool: PgPool) -> Self {
        Keyring::committing(pool, KeyCommit::Durable)
    }

    /// A keyring whose new keys commit as `commit` says (see [`KeyCommit`]).
    pub fn committing(pool: PgPool, commit: KeyCommit) -> Self {
        let maker_pool = pool.clone();
        let maker = Batcher::new(MAKERS, MAKE_BATCH, move |batch| make_keys(maker_pool.clone(), commit, batch));
        Keyring { pool, cache: Mutex::new(HashMap::new()), journal: None, maker }
    }

    /// The same keyring, also writing each erasure to `journal` before it is made.
    pub fn with_journal(mut self, journal: Option<Journal>) -> Self {
        self.journal = journal;
        self
    }

    /// The journal erasures are written to, if any.
    pub fn journal(&self) -> Option<&Journal> {
        self.journal.as_ref()
    }

    /// A keyring that also forgets a subject as soon as any process erases it (a task
    /// listens on [`ERASED_CHANNEL`] for as long as the keyring lives). Needs a Tokio runtime.
    pub fn listening(pool: PgPool) -> Arc<Self> {
        Keyring::new(pool).listen()
    }

    /// This keyring, listening as [`Keyring::listening`] does.
    pub fn listen(self) -> Arc<Self> {
        let pool = self.pool.clone();
        let keyring = Arc::new(self);
        let weak = Arc::downgrade(&keyring);
        tokio::spawn(async move {
            let mut listener = match sqlx::postgres::PgListener::connect_with(&pool).await {
                Ok(listener) => listener,
                Err(e) => {
                    return tracing::warn!(error = %e, "erasures are not listened for: cached keys expire instead")
                }
            };
            if let Err(e) = listener.listen(ERASED_CHANNEL).await {
                return tracing::warn!(error = %e, "erasures are not listened for: cached keys expire instead");
            }
            // `recv` reconnects by itself after a lost connection.
            while let Ok(note) = listener.recv().await {
                let Some(keyring) = weak.upgrade() else { return };
                if let Some(subject) = Subject::parse(note.payload()) {
                    keyring.forget(subject);
                }
            }
        });
        keyring
    }

    fn forget(&self, subject: Subject) {
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        cache.insert(subject, (None, None));
    }

    /// The keys to seal new values of `subjects` with, made for those that have none:
    /// one statement, shared with the other callers making keys at the same moment. An
    /// erased subject answers `None` (its values are written erased).
    pub async fn to_seal(&self, subjects: &[Subject]) -> Result<Keys, KeyError> {
        let (mut keys, missing) = self.cached(subjects);
        if missing.is_empty() {
            return Ok(keys);
        }
        let fresh: Vec<Vec<u8>> =
            missing.iter().map(|_| Key::generate().map(|k| k.to_vec())).collect::<Result<_, _>>()?;
        let request =
            MakeKeys { subjects: missing.iter().map(|s| s.as_str().to_owned()).collect(), fresh, rows: Arc::default() };
        let rows = request.rows.clone();
        self.maker.submit(request).await.map_err(|e| KeyError::Made(e.to_string()))?;
        let rows = rows.lock().unwrap_or_else(|e| e.into_inner()).take().unwrap_or_default();
        let mut found = self.remember(rows, &missing)?;
        // A key made by a concurrent transaction after this statement's snapshot: read it.
        let late: Vec<Subject> =
            missing.iter().filter(|s| found.get(*s).is_some_and(Option::is_none)).cloned().collect();
        if !late.is_empty() {
            found.extend(self.read(&late).await?);
        }
        keys.extend(found);
        Ok(keys)
    }

    /// The keys to open values of `subjects` with: `None` for an erased subject.
    pub async fn to_open(&self, subjects: &[Subject]) -> Result<Keys, KeyError> {
        let (mut keys, missing) = self.cached(subjects);
        if !missing.is_empty() {
            keys.extend(self.read(&missing).await?);
        }
        Ok(keys)
    }

    async fn read(&self, subjects: &[Subject]) -> Result<Keys, KeyError> {
        let names: Vec<&str> = subjects.iter().map(Subject::as_str).collect();
        let rows: Vec<(String, Vec<u8>)> =
            sqlx::query_as("select subject, key from privacy_keys where subject = any($1)")
                .bind(&names)
                .fetch_all(&self.pool)
                .await?;
        self.remember(rows, subjects)
    }

    /// The rows read as keys, cached; a subject without a row is erased for good.
    fn remember(&self, rows: Vec<(String, Vec<u8>)>, asked: &[Subject]) -> Result<Keys, KeyError> {
        let mut keys: Keys = asked.iter().map(|s| (s.clone(), None)).collect();
        for (subject, bytes) in rows {
            if let Some(subject) = Subject::parse(&subject) {
                keys.insert(subject, Some(Arc::new(Key::from_bytes(&bytes)?)));
            }
        }
        let now = Instant::now();
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        if cache.len() + keys.len() > CACHE_LIMIT {
            cache.clear();
        }
        for (subject, key) in &keys {
            let expires = key.as_ref().map(|_| now + KEY_TTL);
            cache.insert(subject.clone(), (key.clone(), expires));
        }
        Ok(keys)
    }

    /// The cached keys of `subjects`, and the subjects to read.
    fn cached(&self, subjects: &[Subject]) -> (Keys, Vec<Subject>) {
        let now = Instant::now();
        let cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        let mut keys = Keys::new();
        let mut missing = Vec::new();
        for subject in subjects {
            match cache.get(subject) {
                Some((key, expires)) if expires.is_none_or(|at| at > now) => {
                    keys.insert(subject.clone(), key.clone());
                }
                _ if !missing.contains(subject) => missing.push(subject.clone()),
                _ => {}
            }
        }
        (keys, missing)
    }

    /// Erases `subject`: written to the journal (when there is one), then its key deleted
    /// and the erasure registered, in one transaction. `false` when it was erased before
    /// (nothing changes then).
    pub async fn erase(
        &self,
        subject: &Subject,
        actor: Actor,
        by: Option<Uuid>,
        reason: &str,
    ) -> Result<bool, KeyError> {
        if let Some(journal) = &self.journal {
            journal.append(subject, reason).await?;
        }
        self.erase_in_database(subject, actor, by, reason).await
    }

    /// Erases again a subject the journal names and the database does not (a restored
    /// backup): as [`Keyring::erase`], without writing the journal again. `false` when the
    /// database has the erasure.
    pub async fn erase_again(&self, subject: &Subject, reason: &str) -> Result<bool, KeyError> {
        self.erase_in_database(subject, Actor::Schedule, None, reason).await
    }

    async fn erase_in_database(
        &self,
        subject: &Subject,
        actor: Actor,
        by: Option<Uuid>,
        reason: &str,
    ) -> Result<bool, KeyError> {
        let registered = sqlx::query(
            "with gone as (delete from privacy_keys where subject = $1),
                  told as (select pg_notify('privacy_erased', $1))
             insert into privacy_erasures (subject, erased_by, reason, actor)
             select $1, $2, $3, $4 from told
             on conflict (subject) do nothing",
        )
        .bind(subject.as_str())
        .bind(by)
        .bind(reason)
        .bind(actor.code())
        .execute(&self.pool)
        .await?
        .rows_affected();
        self.forget(subject.clone());
        Ok(registered == 1)
    }

    /// Of `subjects`, those the register does not hold.
    pub async fn not_erased(&self, subjects: &[Subject]) -> Result<Vec<Subject>, KeyError> {
        let names: Vec<&str> = subjects.iter().map(Subject::as_str).collect();
        let missing: Vec<String> = sqlx::query_scalar(
            "select s from unnest($1::text[]) as s
             where not exists (select 1 from privacy_erasures e where e.subject = s)",
        )
        .bind(&names)
        .fetch_all(&self.pool)
        .await?;
        Ok(missing.iter().filter_map(|s| Subject::parse(s)).collect())
    }

    /// The register's entries of `subjects` (those erased).
    pub async fn erasures(&self, subjects: &[Subject]) -> Result<Vec<Erasure>, KeyError> {
        let names: Vec<&str> = subjects.iter().map(Subject::as_str).collect();
        let rows: Vec<(String, chrono::DateTime<chrono::Utc>, Option<Uuid>, String)> = sqlx::query_as(
            "select subject, erased_at, erased_by, reason from privacy_erasures
             where subject = any($1) order by erased_at, subject",
        )
        .bind(&names)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|(subject, erased_at, erased_by, reason)| Erasure { subject, erased_at, erased_by, reason })
            .collect())
    }
}
