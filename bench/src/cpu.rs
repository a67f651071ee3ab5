//! CPU time spent by each side of a phase: the PostgreSQL server (every process of the
//! cluster), this process (the store's client side) and the child processes it waited for
//! (pgbench, psql). Unlike a rate, CPU per operation hardly moves when something else
//! shares the machine, so it tells where the time goes even on a busy 2-core box.

use std::time::Duration;

/// The cluster's processes: the postmaster and its children. `None` when the server is
/// not on this machine (or not visible in /proc).
#[derive(Clone, Copy)]
pub struct Server {
    postmaster: i32,
}

impl Server {
    /// Find the postmaster from a backend's pid (`select pg_backend_pid()`).
    pub fn from_backend(backend_pid: i32) -> Option<Server> {
        let (_, ppid) = stat(backend_pid)?;
        let cmdline = std::fs::read(format!("/proc/{ppid}/cmdline")).ok()?;
        String::from_utf8_lossy(&cmdline).contains("postgres").then_some(Server { postmaster: ppid })
    }

    /// CPU time of the cluster so far: the postmaster, its live children, and the
    /// children it has reaped (counted in its cutime/cstime). A child reaped while the
    /// children are scanned would be counted twice or not at all, so the scan is
    /// repeated until the postmaster's count of reaped children's time stood still.
    fn ticks(&self) -> Option<u64> {
        for _ in 0..20 {
            let before = self.own_ticks()?;
            let mut children = 0;
            for entry in std::fs::read_dir("/proc").ok()?.flatten() {
                let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse::<i32>().ok()) else { continue };
                if let Some((ticks, ppid)) = stat(pid) {
                    if ppid == self.postmaster {
                        children += ticks;
                    }
                }
            }
            if self.own_ticks()? == before {
                return Some(before + children);
            }
        }
        None
    }

    /// The postmaster's own time and that of its reaped children.
    fn own_ticks(&self) -> Option<u64> {
        let text = std::fs::read_to_string(format!("/proc/{}/stat", self.postmaster)).ok()?;
        let fields = after_comm(&text)?;
        // Fields after the command: state(3) ppid(4) ... utime(14) stime(15) cutime(16) cstime(17).
        Some([11, 12, 13, 14].iter().filter_map(|&i| fields.get(i)?.parse::<u64>().ok()).sum())
    }
}

/// utime + stime and the parent of a process.
fn stat(pid: i32) -> Option<(u64, i32)> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields = after_comm(&text)?;
    let ppid = fields.get(1)?.parse().ok()?;
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime, ppid))
}

/// The fields of /proc/PID/stat after the parenthesised command name (which may hold spaces).
fn after_comm(text: &str) -> Option<Vec<&str>> {
    let rest = &text[text.rfind(')')? + 1..];
    Some(rest.split_whitespace().collect())
}

fn ticks_per_second() -> f64 {
    // SAFETY: sysconf has no preconditions.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    if hz > 0 {
        hz as f64
    } else {
        100.0
    }
}

fn ticks_to_duration(ticks: u64) -> Duration {
    Duration::from_secs_f64(ticks as f64 / ticks_per_second())
}

/// CPU time of this process (every thread).
fn own() -> Duration {
    stat(std::process::id() as i32).map_or(Duration::ZERO, |(t, _)| ticks_to_duration(t))
}

/// CPU time of the child processes this process has waited for.
fn children() -> Duration {
    // SAFETY: getrusage writes into the zeroed struct we pass.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) } != 0 {
        return Duration::ZERO;
    }
    let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, (t.tv_usec as u32) * 1000);
    tv(usage.ru_utime) + tv(usage.ru_stime)
}

/// The CPU clocks at one moment.
pub struct Mark {
    server: Option<Duration>,
    own: Duration,
    children: Duration,
}

/// CPU spent between two marks.
#[derive(Clone, Copy)]
pub struct Spent {
    pub server: Option<Duration>,
    /// This process.
    pub own: Duration,
    /// Child processes (pgbench, psql).
    pub children: Duration,
}

impl Mark {
    pub fn now(server: Option<Server>) -> Mark {
        Mark { server: server.and_then(|s| s.ticks()).map(ticks_to_duration), own: own(), children: children() }
    }

    pub fn spent(&self, server: Option<Server>) -> Spent {
        let later = Mark::now(server);
        Spent {
            server: match (self.server, later.server) {
                (Some(a), Some(b)) => Some(b.saturating_sub(a)),
                _ => None,
            },
            own: later.own.saturating_sub(self.own),
            children: later.children.saturating_sub(self.children),
        }
    }
}

/// "12.3 µs" per operation.
pub fn per_op(d: Option<Duration>, ops: f64) -> String {
    match d {
        Some(d) if ops > 0.0 => format!("{:.1} us", d.as_secs_f64() * 1e6 / ops),
        _ => "n/a".into(),
    }
}

/// CPU time (utime + stime, every thread) of one process so far, e.g. the server under test.
pub fn process(pid: u32) -> Option<Duration> {
    stat(i32::try_from(pid).ok()?).map(|(t, _)| ticks_to_duration(t))
}

/// CPU time of this process so far.
pub fn own_time() -> Duration {
    own()
}

/// The machine's CPU time as the kernel counts it (`/proc/stat`, all CPUs): how much in
/// all, and how much of it the hypervisor gave to someone else (steal). On a shared
/// virtual machine steal is what makes one run differ from the next, so each phase
/// reports it beside its figures.
#[derive(Clone, Copy)]
pub struct Host {
    total: u64,
    steal: u64,
}

impl Host {
    pub fn now() -> Option<Host> {
        let text = std::fs::read_to_string("/proc/stat").ok()?;
        let line = text.lines().find(|l| l.starts_with("cpu "))?;
        // user nice system idle iowait irq softirq steal (guest time is inside user).
        let fields: Vec<u64> = line.split_whitespace().skip(1).take(8).filter_map(|f| f.parse().ok()).collect();
        (fields.len() == 8).then(|| Host { total: fields.iter().sum(), steal: fields[7] })
    }

    /// The share of the machine's CPU time stolen since `self`, in percent.
    pub fn stolen_since(&self) -> Option<f64> {
        let later = Host::now()?;
        let total = later.total.checked_sub(self.total)?;
        let steal = later.steal.checked_sub(self.steal)?;
        (total > 0).then(|| steal as f64 * 100.0 / total as f64)
    }
}
