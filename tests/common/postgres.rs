//! A real PostgreSQL server for the tests: one cluster per test binary, made with Debian's
//! `initdb` in a temporary folder and served by `postgres` on a free port of 127.0.0.1, and
//! a fresh database per test. When the tests run as root the cluster belongs to the
//! unprivileged `postgres` user (PostgreSQL refuses to run as root). The server stops with
//! the test binary (it is started with a parent-death signal). A missing server is a test
//! failure, never a skip.
//!
//! A test that stops the server (an outage, a restart) or changes the server's settings
//! makes a cluster of its own, [`OwnCluster`], which the others never see.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, OnceLock};
use std::time::{Duration, Instant};

use sqlx::{Connection, Executor, PgConnection};

/// The running cluster of this test binary.
pub struct Cluster {
    pub port: u16,
    pub dir: PathBuf,
}

static CLUSTER: OnceLock<Cluster> = OnceLock::new();
static NEXT_DATABASE: AtomicUsize = AtomicUsize::new(0);

/// Where Debian's PostgreSQL programs are: `SHOGIBAN_PG_BIN`, else the newest
/// `/usr/lib/postgresql/*/bin`, else whatever `initdb` is on the `PATH`.
fn bin_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("SHOGIBAN_PG_BIN") {
        return PathBuf::from(dir);
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let version = entry.file_name().to_str()?.parse().ok()?;
            let bin = entry.path().join("bin");
            bin.join("initdb").exists().then_some((version, bin))
        })
        .collect();
    versions.sort();
    if let Some((_, bin)) = versions.pop() {
        return bin;
    }
    let found = Command::new("sh")
        .args(["-c", "command -v initdb"])
        .output()
        .ok()
        .and_then(|out| String::from_utf8(out.stdout).ok())
        .map(|path| PathBuf::from(path.trim()));
    match found.as_deref().and_then(Path::parent) {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_owned(),
        _ => panic!(
            "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb, no initdb on \
             PATH): the PostgreSQL tests need it; run scripts/install-test-deps"
        ),
    }
}

fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc_geteuid() == 0 }
}

extern "C" {
    #[link_name = "geteuid"]
    fn libc_geteuid() -> u32;
}

/// A command run as the cluster's owner: the `postgres` user when the tests run as root.
fn as_owner(program: &Path) -> Command {
    if is_root() {
        let mut command = Command::new("setpriv");
        command
            .args([
                "--reuid=postgres",
                "--regid=postgres",
                "--clear-groups",
                "--reset-env",
                "--",
            ])
            .arg(program);
        command
    } else {
        Command::new(program)
    }
}

/// Removes the folders of clusters whose test binary has ended (their server went with it).
fn remove_stale_clusters(parent: &Path) {
    for entry in std::fs::read_dir(parent).into_iter().flatten().flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|name| name.strip_prefix("shogiban-pg-"))
            .and_then(|pid| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// Makes a new cluster in `dir` (its data in `dir/data`), owned by the `postgres` user when
/// the tests run as root.
fn init_cluster(bin: &Path, dir: &Path) -> PathBuf {
    if is_root() {
        let status = Command::new("chown")
            .args(["-R", "postgres:postgres"])
            .arg(dir)
            .status()
            .expect("chown the cluster folder");
        assert!(status.success(), "chown the cluster folder to postgres");
    }
    let data = dir.join("data");
    let out = as_owner(&bin.join("initdb"))
        .args([
            "-A",
            "trust",
            "-U",
            "postgres",
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",
            "-D",
        ])
        .arg(&data)
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", bin.join("initdb").display()));
    assert!(
        out.status.success(),
        "initdb failed: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    data
}

/// Waits until the server on `port` accepts connections; the test fails after 30 s with
/// the server's log from `dir`.
fn wait_until_ready(bin: &Path, dir: &Path, port: u16) {
    let ready = bin.join("pg_isready");
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let ok = Command::new(&ready)
            .args([
                "-q",
                "-h",
                "127.0.0.1",
                "-p",
                &port.to_string(),
                "-U",
                "postgres",
            ])
            .status()
            .is_ok_and(|s| s.success());
        if ok {
            return;
        }
        if Instant::now() > deadline {
            let log = std::fs::read_to_string(dir.join("server.log")).unwrap_or_default();
            panic!("PostgreSQL did not start on port {port}: {log}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A free port of 127.0.0.1.
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

fn start() -> Cluster {
    let bin = bin_dir();
    let parent = std::env::temp_dir();
    remove_stale_clusters(&parent);
    let dir = parent.join(format!("shogiban-pg-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("cluster folder");
    let data = init_cluster(&bin, &dir);

    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    // The server is started from a thread that lives as long as the test binary, with a
    // parent-death signal: it stops (fast shutdown) when the binary ends, however it ends.
    let (started, result) = mpsc::channel();
    let postgres = bin.join("postgres");
    let data_arg = data.clone();
    let socket_dir = dir.clone();
    let log = dir.join("server.log");
    std::thread::spawn(move || {
        let log_file = std::fs::File::create(&log).expect("server log");
        let mut command = Command::new("setpriv");
        if is_root() {
            command.args([
                "--reuid=postgres",
                "--regid=postgres",
                "--clear-groups",
                "--reset-env",
            ]);
        }
        let child = command
            .args(["--pdeathsig", "INT", "--"])
            .arg(&postgres)
            .arg("-D")
            .arg(&data_arg)
            .args([
                "-p",
                &port.to_string(),
                "-c",
                "listen_addresses=127.0.0.1",
                "-k",
            ])
            .arg(&socket_dir)
            // A test server: durability is not what is tested here.
            .args(["-c", "fsync=off", "-c", "synchronous_commit=off"])
            .args(["-c", "full_page_writes=off", "-c", "max_connections=200"])
            .stdin(Stdio::null())
            .stdout(log_file.try_clone().expect("server log"))
            .stderr(log_file)
            .spawn();
        let _ = started.send(child.map(|_| ()));
        loop {
            std::thread::park();
        }
    });
    result
        .recv()
        .expect("server thread")
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", bin.join("postgres").display()));
    wait_until_ready(&bin, &dir, port);
    Cluster { port, dir }
}

/// The cluster of this test binary, started on first use.
pub fn cluster() -> &'static Cluster {
    CLUSTER.get_or_init(start)
}

/// The URL of the cluster's database `name`.
pub fn url_of(name: &str) -> String {
    format!("postgres://postgres@127.0.0.1:{}/{name}", cluster().port)
}

/// A new, empty database on the cluster, for one test: its URL.
pub async fn fresh_database() -> String {
    let name = format!(
        "shogiban_{}_{}",
        std::process::id(),
        NEXT_DATABASE.fetch_add(1, Ordering::SeqCst)
    );
    let mut admin = PgConnection::connect(&url_of("postgres"))
        .await
        .expect("connect to the test cluster");
    admin
        .execute(format!("CREATE DATABASE {name}").as_str())
        .await
        .expect("create a test database");
    admin.close().await.ok();
    url_of(&name)
}

/// A cluster of one test's own, which the test stops and starts again: a database server
/// restarted for an upgrade, or down for a while. Its server runs in a thread of its own
/// with a parent-death signal, as the shared one does, and stops with the cluster.
/// Commits are synchronous (the shared cluster's are not), so that a test may make them wait
/// for a standby.
pub struct OwnCluster {
    pub port: u16,
    bin: PathBuf,
    dir: tempfile::TempDir,
    data: PathBuf,
    /// The running server's process id and the thread that waits for it.
    server: Option<(u32, std::thread::JoinHandle<()>)>,
}

impl OwnCluster {
    /// Makes the cluster and starts its server on a free port.
    pub fn start() -> Self {
        let bin = bin_dir();
        let dir = tempfile::Builder::new()
            .prefix("shogiban-own-pg-")
            .tempdir()
            .expect("a cluster folder");
        let data = init_cluster(&bin, dir.path());
        let mut cluster = Self {
            port: free_port(),
            bin,
            dir,
            data,
            server: None,
        };
        cluster.start_again();
        cluster
    }

    /// Starts the server again (on the same port) after [`Self::stop`].
    pub fn start_again(&mut self) {
        assert!(self.server.is_none(), "the server is running already");
        let (started, result) = mpsc::channel();
        let postgres = self.bin.join("postgres");
        let data = self.data.clone();
        let socket_dir = self.dir.path().to_owned();
        let log = self.dir.path().join("server.log");
        let port = self.port;
        let waiter = std::thread::spawn(move || {
            let log_file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&log)
                .expect("server log");
            let mut command = Command::new("setpriv");
            if is_root() {
                command.args([
                    "--reuid=postgres",
                    "--regid=postgres",
                    "--clear-groups",
                    "--reset-env",
                ]);
            }
            let child = command
                .args(["--pdeathsig", "INT", "--"])
                .arg(&postgres)
                .arg("-D")
                .arg(&data)
                .args([
                    "-p",
                    &port.to_string(),
                    "-c",
                    "listen_addresses=127.0.0.1",
                    "-k",
                ])
                .arg(&socket_dir)
                .args(["-c", "fsync=off", "-c", "full_page_writes=off"])
                .stdin(Stdio::null())
                .stdout(log_file.try_clone().expect("server log"))
                .stderr(log_file)
                .spawn();
            match child {
                Ok(mut child) => {
                    let _ = started.send(Ok(child.id()));
                    let _ = child.wait();
                }
                Err(why) => {
                    let _ = started.send(Err(why));
                }
            }
        });
        let pid = result.recv().expect("server thread").unwrap_or_else(|e| {
            panic!("cannot start {}: {e}", self.bin.join("postgres").display())
        });
        self.server = Some((pid, waiter));
        wait_until_ready(&self.bin, self.dir.path(), self.port);
    }

    /// Stops the server (a fast shutdown, as `pg_ctl stop` does: sessions are ended, open
    /// transactions rolled back) and waits until it has exited.
    pub fn stop(&mut self) {
        let Some((pid, waiter)) = self.server.take() else {
            return;
        };
        // The shell's own `kill`: no signal crate needed. As root, the server runs as
        // `postgres`, which root may signal.
        let _ = Command::new("sh")
            .args(["-c", &format!("kill -INT {pid}")])
            .status();
        let _ = waiter.join();
    }

    /// The URL of the cluster's database `name`.
    pub fn url_of(&self, name: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{name}", self.port)
    }

    /// A new, empty database on the cluster: its URL.
    pub async fn fresh_database(&self) -> String {
        let mut admin = self.admin().await;
        admin
            .execute("CREATE DATABASE shogiban_test")
            .await
            .expect("create a test database");
        admin.close().await.ok();
        self.url_of("shogiban_test")
    }

    /// A connection to the cluster's `postgres` database, to change the server's settings.
    pub async fn admin(&self) -> PgConnection {
        PgConnection::connect(&self.url_of("postgres"))
            .await
            .expect("connect to the test's own cluster")
    }

    /// The server's log so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("server.log")).unwrap_or_default()
    }
}

impl Drop for OwnCluster {
    fn drop(&mut self) {
        self.stop();
    }
}
