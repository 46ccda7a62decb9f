//! The backends a test of the store, the service or the bot runs on: every test of their
//! behaviour is declared once, as an `async fn(Backend)`, and runs on SQLite and on
//! PostgreSQL (see `postgres.rs` for the server).

use tempfile::TempDir;

/// Which database a test runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Where a test's database lives: a temporary SQLite file, or a fresh database on the test
/// binary's PostgreSQL cluster.
pub struct TestDb {
    pub url: String,
    _dir: Option<TempDir>,
}

pub async fn fresh_db(backend: Backend) -> TestDb {
    match backend {
        Backend::Sqlite => {
            let dir = TempDir::new().expect("temporary directory");
            let path = dir.path().join("shogiban.db");
            TestDb {
                url: path.to_str().expect("utf-8 path").to_owned(),
                _dir: Some(dir),
            }
        }
        Backend::Postgres => TestDb {
            url: crate::postgres::fresh_database().await,
            _dir: None,
        },
    }
}

/// Declares each named test body (an `async fn(Backend)` in the including file) as two
/// tests, `<name>::sqlite` and `<name>::postgres`; `(multi)` runs them on two threads. The
/// including crate must depend on `tokio` (with its `macros` feature).
#[macro_export]
macro_rules! on_both_backends {
    ($($name:ident $(($flavor:tt))?),* $(,)?) => {$(
        mod $name {
            $crate::on_both_backends!(@test $name sqlite Sqlite $($flavor)?);
            $crate::on_both_backends!(@test $name postgres Postgres $($flavor)?);
        }
    )*};
    (@test $name:ident $test:ident $backend:ident) => {
        #[tokio::test]
        async fn $test() {
            super::$name($crate::backends::Backend::$backend).await
        }
    };
    (@test $name:ident $test:ident $backend:ident multi) => {
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $test() {
            super::$name($crate::backends::Backend::$backend).await
        }
    };
}
