//! Moving a server's data from SQLite to PostgreSQL (`shogiban migrate-db`).
//!
//! The copy takes its tables, columns and foreign keys from the source's own schema
//! (`sqlite_master`, `pragma_table_info`, `pragma_foreign_key_list`) and the target's column
//! types from `information_schema`, so a table added by a later migration is copied without
//! any change here. It refuses a target holding any row, migrates the target to the latest
//! schema, copies every table in an order that keeps foreign keys satisfied, converting the
//! few values whose types differ (SQLite's 0/1 flags into BOOLEAN, integers into BIGINT or
//! DOUBLE PRECISION), all in one transaction on the target, and moves PostgreSQL's identity
//! sequences past the copied ids. Then it reads both sides again: the row count of every
//! table and a checksum per game (the game's row with its state, version and ply, and every
//! row of the tables that hang from it: seats, moves, offers...) must agree, or the copy is
//! reported as failed. The source is only read.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::PathBuf;
use std::str::FromStr;

use futures_util::TryStreamExt;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions, PgRow};
use sqlx::sqlite::{SqliteConnectOptions, SqlitePoolOptions, SqliteRow};
use sqlx::{PgPool, Postgres, QueryBuilder, Row, SqlitePool, TypeInfo, ValueRef};

use super::{is_postgres_url, shown_url, StoreError, POSTGRES_MIGRATOR, SQLITE_MIGRATOR};

/// The table sqlx keeps its applied migrations in: each side has its own, never copied.
const MIGRATIONS_TABLE: &str = "_sqlx_migrations";

/// Rows per INSERT statement, at most: few round trips, and far below PostgreSQL's 65535
/// bound parameters for any table this schema has.
const ROWS_PER_INSERT: usize = 500;
const MAX_BOUND_PARAMETERS: usize = 60_000;

/// How many game ids a mismatch report names before it says "and N more".
const GAMES_NAMED: usize = 10;

/// Why a copy failed. Every error before [`MigrateDbError::Mismatch`] leaves the target as
/// it was; a mismatch is found after the copy committed.
#[derive(Debug, thiserror::Error)]
pub enum MigrateDbError {
    #[error("--from must name an SQLite database (sqlite://PATH or a file path), not {0}")]
    SourceNotSqlite(String),

    #[error("--to must name a PostgreSQL database (postgres://...), not {0}")]
    TargetNotPostgres(String),

    #[error("the source database {0} does not exist")]
    SourceMissing(PathBuf),

    #[error("cannot read the source database {url}: {source}")]
    SourceUnreadable {
        url: String,
        #[source]
        source: sqlx::Error,
    },

    /// The source's schema is not the one this release writes, so its columns may not be
    /// the target's.
    #[error("the source database {url} {why}")]
    SourceSchema { url: String, why: String },

    #[error("cannot open the target database {url}: {source}")]
    TargetUnreachable {
        url: String,
        #[source]
        source: sqlx::Error,
    },

    #[error(
        "the target database {url} is not empty (table {table} holds {rows} rows): migrate-db \
         copies only into an empty database; nothing was written"
    )]
    TargetNotEmpty {
        url: String,
        table: String,
        rows: i64,
    },

    #[error("the two schemas differ: {0}; nothing was copied")]
    SchemaMismatch(String),

    #[error("table {table}, column {column}: {why}; nothing was copied")]
    Value {
        table: String,
        column: String,
        why: String,
    },

    #[error("the copy does not match the source: {}", .0.join("; "))]
    Mismatch(Vec<String>),

    #[error(transparent)]
    Store(#[from] StoreError),

    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
}

/// What a successful copy moved and checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CopyReport {
    /// Every copied table, in the order it was copied, with its row count (the same on
    /// both sides).
    pub tables: Vec<(String, u64)>,
    /// Games whose checksums were compared (all of them), and found equal.
    pub games_checked: usize,
}

/// Copies the SQLite database `from` (`sqlite://PATH`, `sqlite:PATH` or a file path) into
/// the empty PostgreSQL database `to`, then checks the copy: see the module doc.
pub async fn copy_sqlite_to_postgres(from: &str, to: &str) -> Result<CopyReport, MigrateDbError> {
    if is_postgres_url(from) {
        return Err(MigrateDbError::SourceNotSqlite(shown_url(from)));
    }
    if !is_postgres_url(to) {
        return Err(MigrateDbError::TargetNotPostgres(shown_url(to)));
    }
    let source = open_source(from).await?;
    let target_url = shown_url(to);
    let target = open_target(to).await?;
    let copied = copy(&source, &target, &target_url).await;
    let report = match copied {
        Ok(tables) => verify(&source, &target, tables).await,
        Err(e) => Err(e),
    };
    source.close().await;
    target.close().await;
    report
}

/// Opens the source read-only, after checking it exists (SQLite would otherwise make an
/// empty one) and carries exactly the migrations of this release.
async fn open_source(from: &str) -> Result<SqlitePool, MigrateDbError> {
    let url = shown_url(from);
    let options = if from.starts_with("sqlite:") {
        SqliteConnectOptions::from_str(from).map_err(|source| MigrateDbError::SourceUnreadable {
            url: url.clone(),
            source,
        })?
    } else {
        SqliteConnectOptions::new().filename(from)
    };
    let path = options.get_filename().to_owned();
    if !path.exists() {
        return Err(MigrateDbError::SourceMissing(path));
    }
    let unreadable = |source| MigrateDbError::SourceUnreadable {
        url: url.clone(),
        source,
    };
    let options = options.read_only(true).create_if_missing(false);
    let pool = SqlitePoolOptions::new()
        .max_connections(2)
        .connect_with(options)
        .await
        .map_err(unreadable)?;
    let has_migrations: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = $1")
            .bind(MIGRATIONS_TABLE)
            .fetch_one(&pool)
            .await
            .map_err(unreadable)?;
    if has_migrations == 0 {
        return Err(MigrateDbError::SourceSchema {
            url,
            why: "is not a shogiban database (it has no migrations table)".to_owned(),
        });
    }
    let applied: Vec<i64> = sqlx::query_scalar(&format!(
        "SELECT version FROM {MIGRATIONS_TABLE} WHERE success ORDER BY version"
    ))
    .fetch_all(&pool)
    .await
    .map_err(unreadable)?;
    let expected: Vec<i64> = SQLITE_MIGRATOR
        .iter()
        .filter(|m| m.migration_type.is_up_migration())
        .map(|m| m.version)
        .collect();
    if applied != expected {
        let last = |versions: &[i64]| versions.last().copied().unwrap_or(0);
        let why = if last(&applied) < last(&expected) {
            format!(
                "is at schema version {} and this shogiban writes version {}: start this \
                 shogiban on it once (`shogiban serve` migrates it), stop it, then copy",
                last(&applied),
                last(&expected)
            )
        } else {
            format!(
                "has migrations {applied:?}, this shogiban knows {expected:?}: copy it with \
                 the shogiban release that last ran on it"
            )
        };
        pool.close().await;
        return Err(MigrateDbError::SourceSchema { url, why });
    }
    Ok(pool)
}

/// Connects to the target without changing anything yet.
async fn open_target(to: &str) -> Result<PgPool, MigrateDbError> {
    let unreachable = |source| MigrateDbError::TargetUnreachable {
        url: shown_url(to),
        source,
    };
    let options = PgConnectOptions::from_str(to).map_err(unreachable)?;
    PgPoolOptions::new()
        .max_connections(2)
        .connect_with(options)
        .await
        .map_err(unreachable)
}

/// How a target column's values are bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Bool,
    Int,
    Float,
    Text,
    Bytes,
}

impl Kind {
    fn of_postgres(data_type: &str) -> Option<Self> {
        Some(match data_type {
            "boolean" => Self::Bool,
            "bigint" | "integer" | "smallint" => Self::Int,
            "double precision" | "real" => Self::Float,
            "text" | "character varying" | "character" => Self::Text,
            "bytea" => Self::Bytes,
            _ => return None,
        })
    }
}

/// A table to copy: its columns in the source's order, each with the target's kind.
struct Table {
    name: String,
    columns: Vec<(String, Kind)>,
}

/// One value as read from either side, in a form both agree on (flags as integers).
#[derive(Clone, Debug, PartialEq)]
enum Value {
    Null,
    Int(i64),
    Real(f64),
    Text(String),
    Blob(Vec<u8>),
}

/// The source's tables in an order where every table comes after the tables it refers to,
/// with their columns, checked against the target's.
async fn plan(source: &SqlitePool, target: &PgPool) -> Result<Vec<Table>, MigrateDbError> {
    let names: Vec<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' \
         AND name <> $1 ORDER BY name",
    )
    .bind(MIGRATIONS_TABLE)
    .fetch_all(source)
    .await?;
    let mut refers: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for name in &names {
        let parents: Vec<String> =
            sqlx::query_scalar("SELECT DISTINCT \"table\" FROM pragma_foreign_key_list($1)")
                .bind(name)
                .fetch_all(source)
                .await?;
        refers.insert(
            name.clone(),
            parents.into_iter().filter(|p| p != name).collect(),
        );
    }
    // Kahn's order, alphabetical among the ready, so every run copies in the same order.
    let mut order = Vec::new();
    let mut done = BTreeSet::new();
    while order.len() < names.len() {
        let ready: Vec<String> = refers
            .iter()
            .filter(|(name, parents)| {
                !done.contains(*name)
                    && parents
                        .iter()
                        .all(|p| done.contains(p) || !refers.contains_key(p))
            })
            .map(|(name, _)| name.clone())
            .collect();
        if ready.is_empty() {
            let left: Vec<&String> = names.iter().filter(|n| !done.contains(*n)).collect();
            return Err(MigrateDbError::SchemaMismatch(format!(
                "the foreign keys of tables {left:?} form a cycle, so no insertion order \
                 satisfies them"
            )));
        }
        for name in ready {
            done.insert(name.clone());
            order.push(name);
        }
    }

    let mut tables = Vec::new();
    for name in order {
        let source_columns: Vec<String> =
            sqlx::query_scalar("SELECT name FROM pragma_table_info($1) ORDER BY cid")
                .bind(&name)
                .fetch_all(source)
                .await?;
        let target_columns: HashMap<String, String> = sqlx::query_as(
            "SELECT column_name::TEXT, data_type::TEXT FROM information_schema.columns \
             WHERE table_schema = current_schema() AND table_name = $1",
        )
        .bind(&name)
        .fetch_all(target)
        .await?
        .into_iter()
        .collect();
        if target_columns.is_empty() {
            return Err(MigrateDbError::SchemaMismatch(format!(
                "table {name} has no counterpart on PostgreSQL"
            )));
        }
        let mut columns = Vec::new();
        for column in &source_columns {
            let Some(data_type) = target_columns.get(column) else {
                return Err(MigrateDbError::SchemaMismatch(format!(
                    "column {name}.{column} has no counterpart on PostgreSQL"
                )));
            };
            let kind = Kind::of_postgres(data_type).ok_or_else(|| {
                MigrateDbError::SchemaMismatch(format!(
                    "column {name}.{column} is {data_type} on PostgreSQL, a type the copy \
                     does not convert to"
                ))
            })?;
            columns.push((column.clone(), kind));
        }
        let extra: Vec<&String> = target_columns
            .keys()
            .filter(|c| !source_columns.contains(c))
            .collect();
        if !extra.is_empty() {
            return Err(MigrateDbError::SchemaMismatch(format!(
                "columns {extra:?} of table {name} exist only on PostgreSQL"
            )));
        }
        tables.push(Table { name, columns });
    }
    Ok(tables)
}

/// Refuses a target with a row in any table, migrates it, then copies every table in one
/// transaction and moves the identity sequences past the copied ids. Returns the tables
/// with the rows copied into each.
async fn copy(
    source: &SqlitePool,
    target: &PgPool,
    target_url: &str,
) -> Result<Vec<(Table, u64)>, MigrateDbError> {
    refuse_rows(&mut *target.acquire().await?, target_url).await?;
    POSTGRES_MIGRATOR
        .run(target)
        .await
        .map_err(StoreError::from)?;
    let tables = plan(source, target).await?;

    // One read transaction on the source: every table is read from the same snapshot.
    let mut reading = source.begin().await?;
    let mut writing = target.begin().await?;
    // The first check ran before the migration, outside this transaction: a bot started
    // on the target since must not have its rows mixed with the copy's. Holding every
    // table in EXCLUSIVE mode (others may still read) makes the check and the copy one step.
    let names: Vec<String> = tables.iter().map(|table| quoted(&table.name)).collect();
    if !names.is_empty() {
        sqlx::query(&format!(
            "LOCK TABLE {} IN EXCLUSIVE MODE",
            names.join(", ")
        ))
        .execute(&mut *writing)
        .await?;
    }
    refuse_rows(&mut writing, target_url).await?;
    let mut copied = Vec::new();
    for table in tables {
        let rows = copy_table(&mut reading, &mut writing, &table).await?;
        reset_sequences(&mut writing, &table).await?;
        copied.push((table, rows));
    }
    writing.commit().await?;
    reading.rollback().await?;
    Ok(copied)
}

/// Fails if any table of the target (other than the migrations table) holds a row.
async fn refuse_rows(
    target: &mut sqlx::PgConnection,
    target_url: &str,
) -> Result<(), MigrateDbError> {
    let tables: Vec<String> = sqlx::query_scalar(
        "SELECT table_name::TEXT FROM information_schema.tables \
         WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' \
         AND table_name <> $1 ORDER BY table_name",
    )
    .bind(MIGRATIONS_TABLE)
    .fetch_all(&mut *target)
    .await?;
    for table in tables {
        let rows: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {}", quoted(&table)))
            .fetch_one(&mut *target)
            .await?;
        if rows > 0 {
            return Err(MigrateDbError::TargetNotEmpty {
                url: target_url.to_owned(),
                table,
                rows,
            });
        }
    }
    Ok(())
}

/// Streams one table from the source into multi-row INSERTs on the target.
async fn copy_table(
    reading: &mut sqlx::SqliteConnection,
    writing: &mut sqlx::PgConnection,
    table: &Table,
) -> Result<u64, MigrateDbError> {
    let select = format!(
        "SELECT {} FROM {}",
        column_list(&table.columns),
        quoted(&table.name)
    );
    let per_insert = ROWS_PER_INSERT.min(MAX_BOUND_PARAMETERS / table.columns.len().max(1));
    let mut batch: Vec<Vec<Value>> = Vec::with_capacity(per_insert);
    let mut copied = 0u64;
    let mut rows = sqlx::query(&select).fetch(&mut *reading);
    while let Some(row) = rows.try_next().await? {
        batch.push(sqlite_values(&row, table)?);
        if batch.len() == per_insert {
            insert(writing, table, &batch).await?;
            copied += batch.len() as u64;
            batch.clear();
        }
    }
    drop(rows);
    if !batch.is_empty() {
        insert(writing, table, &batch).await?;
        copied += batch.len() as u64;
    }
    Ok(copied)
}

/// The values of a source row, each read as the storage class SQLite actually holds.
fn sqlite_values(row: &SqliteRow, table: &Table) -> Result<Vec<Value>, MigrateDbError> {
    (0..table.columns.len())
        .map(|i| {
            let raw = row.try_get_raw(i)?;
            if raw.is_null() {
                return Ok(Value::Null);
            }
            let class = raw.type_info().name().to_owned();
            Ok(match class.as_str() {
                "INTEGER" | "BOOLEAN" => Value::Int(row.try_get_unchecked(i)?),
                "REAL" => Value::Real(row.try_get_unchecked(i)?),
                "TEXT" => Value::Text(row.try_get_unchecked(i)?),
                _ => Value::Blob(row.try_get_unchecked(i)?),
            })
        })
        .collect()
}

/// Inserts rows, each value converted to its target column's type.
async fn insert(
    writing: &mut sqlx::PgConnection,
    table: &Table,
    rows: &[Vec<Value>],
) -> Result<(), MigrateDbError> {
    // Convert first, so a bad value is reported before anything is sent.
    let mut converted = Vec::with_capacity(rows.len());
    for row in rows {
        let mut values = Vec::with_capacity(row.len());
        for (value, (column, kind)) in row.iter().zip(&table.columns) {
            values.push(convert(value, *kind).map_err(|why| MigrateDbError::Value {
                table: table.name.clone(),
                column: column.clone(),
                why,
            })?);
        }
        converted.push(values);
    }
    let mut query: QueryBuilder<Postgres> = QueryBuilder::new(format!(
        "INSERT INTO {} ({}) ",
        quoted(&table.name),
        column_list(&table.columns)
    ));
    query.push_values(converted, |mut row, values| {
        for value in values {
            match value {
                Bound::Bool(v) => row.push_bind(v),
                Bound::Int(v) => row.push_bind(v),
                Bound::Float(v) => row.push_bind(v),
                Bound::Text(v) => row.push_bind(v),
                Bound::Bytes(v) => row.push_bind(v),
            };
        }
    });
    query.build().execute(writing).await?;
    Ok(())
}

/// A value typed for its target column (NULL too: PostgreSQL wants a typed NULL).
enum Bound {
    Bool(Option<bool>),
    Int(Option<i64>),
    Float(Option<f64>),
    Text(Option<String>),
    Bytes(Option<Vec<u8>>),
}

/// Converts a source value for a target column, or says why it cannot be.
fn convert(value: &Value, kind: Kind) -> Result<Bound, String> {
    Ok(match (kind, value) {
        (Kind::Bool, Value::Null) => Bound::Bool(None),
        (Kind::Bool, Value::Int(0)) => Bound::Bool(Some(false)),
        (Kind::Bool, Value::Int(1)) => Bound::Bool(Some(true)),
        (Kind::Int, Value::Null) => Bound::Int(None),
        (Kind::Int, Value::Int(v)) => Bound::Int(Some(*v)),
        (Kind::Int, Value::Real(v)) if v.fract() == 0.0 && v.abs() < 9.0e18 => {
            Bound::Int(Some(*v as i64))
        }
        (Kind::Float, Value::Null) => Bound::Float(None),
        (Kind::Float, Value::Real(v)) => Bound::Float(Some(*v)),
        (Kind::Float, Value::Int(v)) => Bound::Float(Some(*v as f64)),
        (Kind::Text, Value::Null) => Bound::Text(None),
        (Kind::Text, Value::Text(v)) => Bound::Text(Some(v.clone())),
        (Kind::Bytes, Value::Null) => Bound::Bytes(None),
        (Kind::Bytes, Value::Blob(v)) => Bound::Bytes(Some(v.clone())),
        (Kind::Bytes, Value::Text(v)) => Bound::Bytes(Some(v.clone().into_bytes())),
        (kind, value) => return Err(format!("{value:?} does not fit a {kind:?} column")),
    })
}

/// Moves every identity or serial sequence of the table past its largest copied id, so the
/// next row inserted on PostgreSQL gets a fresh id.
async fn reset_sequences(
    writing: &mut sqlx::PgConnection,
    table: &Table,
) -> Result<(), MigrateDbError> {
    for (column, kind) in &table.columns {
        if *kind != Kind::Int {
            continue;
        }
        let sequence: Option<String> = sqlx::query_scalar("SELECT pg_get_serial_sequence($1, $2)")
            .bind(quoted(&table.name))
            .bind(column)
            .fetch_one(&mut *writing)
            .await?;
        let Some(sequence) = sequence else {
            continue;
        };
        sqlx::query(&format!(
            "SELECT setval($1::regclass, COALESCE((SELECT MAX({}) FROM {}), 0) + 1, false)",
            quoted(column),
            quoted(&table.name)
        ))
        .bind(sequence)
        .execute(&mut *writing)
        .await?;
    }
    Ok(())
}

/// Compares both sides after the copy: row counts per table and a checksum per game.
async fn verify(
    source: &SqlitePool,
    target: &PgPool,
    copied: Vec<(Table, u64)>,
) -> Result<CopyReport, MigrateDbError> {
    let mut problems = Vec::new();
    for (table, rows) in &copied {
        let count = format!("SELECT COUNT(*) FROM {}", quoted(&table.name));
        let on_source: i64 = sqlx::query_scalar(&count).fetch_one(source).await?;
        let on_target: i64 = sqlx::query_scalar(&count).fetch_one(target).await?;
        if u64::try_from(on_source).ok() != Some(*rows) || on_source != on_target {
            problems.push(format!(
                "table {}: {rows} rows copied, {on_source} in the source now, {on_target} in \
                 the target",
                table.name
            ));
        }
    }

    let tables: Vec<&Table> = copied.iter().map(|(table, _)| table).collect();
    let source_sums = game_checksums_sqlite(source, &tables).await?;
    let target_sums = game_checksums_postgres(target, &tables).await?;
    let mut differing: Vec<i64> = source_sums
        .iter()
        .filter(|(game, sum)| target_sums.get(game) != Some(sum))
        .map(|(game, _)| *game)
        .chain(
            target_sums
                .keys()
                .filter(|game| !source_sums.contains_key(game))
                .copied(),
        )
        .collect();
    differing.sort_unstable();
    if !differing.is_empty() {
        let named: Vec<String> = differing
            .iter()
            .take(GAMES_NAMED)
            .map(i64::to_string)
            .collect();
        let more = differing.len().saturating_sub(GAMES_NAMED);
        problems.push(format!(
            "{} games differ (ids {}{})",
            differing.len(),
            named.join(", "),
            if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            }
        ));
    }
    if !problems.is_empty() {
        return Err(MigrateDbError::Mismatch(problems));
    }
    Ok(CopyReport {
        tables: copied
            .into_iter()
            .map(|(table, rows)| (table.name, rows))
            .collect(),
        games_checked: source_sums.len(),
    })
}

/// Which column of a table names the game a row belongs to: `id` of `games`, `game_id`
/// of any other table that has one.
fn game_column(table: &Table) -> Option<usize> {
    let wanted = if table.name == "games" {
        "id"
    } else {
        "game_id"
    };
    table.columns.iter().position(|(name, _)| name == wanted)
}

/// Per game, the wrapping sum of the hashes of its rows in every table that names it: the
/// same whatever order the rows come in, and changed by any row missing, added or altered.
#[derive(Default)]
struct Checksums(HashMap<i64, u64>);

impl Checksums {
    fn add(&mut self, table: &str, row: &[Value], game_column: usize) {
        let Value::Int(game) = row[game_column] else {
            return; // a row of no game (an announcement about a challenge)
        };
        let mut hash = Fnv::new();
        hash.write(table.as_bytes());
        for value in row {
            value.hash_into(&mut hash);
        }
        let sum = self.0.entry(game).or_insert(0);
        *sum = sum.wrapping_add(hash.finish());
    }
}

async fn game_checksums_sqlite(
    source: &SqlitePool,
    tables: &[&Table],
) -> Result<HashMap<i64, u64>, MigrateDbError> {
    let mut sums = Checksums::default();
    for table in tables {
        let Some(game) = game_column(table) else {
            continue;
        };
        let select = format!(
            "SELECT {} FROM {}",
            column_list(&table.columns),
            quoted(&table.name)
        );
        let mut rows = sqlx::query(&select).fetch(source);
        while let Some(row) = rows.try_next().await? {
            sums.add(&table.name, &sqlite_values(&row, table)?, game);
        }
    }
    Ok(sums.0)
}

async fn game_checksums_postgres(
    target: &PgPool,
    tables: &[&Table],
) -> Result<HashMap<i64, u64>, MigrateDbError> {
    let mut sums = Checksums::default();
    for table in tables {
        let Some(game) = game_column(table) else {
            continue;
        };
        let select = format!(
            "SELECT {} FROM {}",
            column_list(&table.columns),
            quoted(&table.name)
        );
        let mut rows = sqlx::query(&select).fetch(target);
        while let Some(row) = rows.try_next().await? {
            sums.add(&table.name, &postgres_values(&row, table)?, game);
        }
    }
    Ok(sums.0)
}

/// A target row's values in the source's terms: flags as 0/1, every integer as i64.
fn postgres_values(row: &PgRow, table: &Table) -> Result<Vec<Value>, MigrateDbError> {
    table
        .columns
        .iter()
        .enumerate()
        .map(|(i, (_, kind))| {
            if row.try_get_raw(i)?.is_null() {
                return Ok(Value::Null);
            }
            let type_name = row.try_get_raw(i)?.type_info().name().to_owned();
            Ok(match (kind, type_name.as_str()) {
                (Kind::Bool, _) => Value::Int(i64::from(row.try_get::<bool, _>(i)?)),
                (Kind::Int, "INT4") => Value::Int(i64::from(row.try_get::<i32, _>(i)?)),
                (Kind::Int, "INT2") => Value::Int(i64::from(row.try_get::<i16, _>(i)?)),
                (Kind::Int, _) => Value::Int(row.try_get(i)?),
                (Kind::Float, "FLOAT4") => Value::Real(f64::from(row.try_get::<f32, _>(i)?)),
                (Kind::Float, _) => Value::Real(row.try_get(i)?),
                (Kind::Text, _) => Value::Text(row.try_get(i)?),
                (Kind::Bytes, _) => Value::Blob(row.try_get(i)?),
            })
        })
        .collect()
}

impl Value {
    /// Feeds the value to a hash with its kind and length, so no two values collide by
    /// concatenation.
    fn hash_into(&self, hash: &mut Fnv) {
        match self {
            Self::Null => hash.write(&[0]),
            Self::Int(v) => {
                hash.write(&[1]);
                hash.write(&v.to_le_bytes());
            }
            Self::Real(v) => {
                hash.write(&[2]);
                hash.write(&v.to_bits().to_le_bytes());
            }
            Self::Text(v) => {
                hash.write(&[3]);
                hash.write(&(v.len() as u64).to_le_bytes());
                hash.write(v.as_bytes());
            }
            Self::Blob(v) => {
                hash.write(&[4]);
                hash.write(&(v.len() as u64).to_le_bytes());
                hash.write(v);
            }
        }
    }
}

/// FNV-1a, 64 bits: stable across processes and releases (std's hasher is seeded).
struct Fnv(u64);

impl Fnv {
    fn new() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }

    fn write(&mut self, bytes: &[u8]) {
        for byte in bytes {
            self.0 ^= u64::from(*byte);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// An identifier quoted for either database.
fn quoted(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

fn column_list(columns: &[(String, Kind)]) -> String {
    columns
        .iter()
        .map(|(name, _)| quoted(name))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_become_booleans_and_nothing_else_does() {
        assert!(matches!(
            convert(&Value::Int(1), Kind::Bool),
            Ok(Bound::Bool(Some(true)))
        ));
        assert!(matches!(
            convert(&Value::Int(0), Kind::Bool),
            Ok(Bound::Bool(Some(false)))
        ));
        assert!(convert(&Value::Int(2), Kind::Bool).is_err());
        assert!(convert(&Value::Text("x".into()), Kind::Int).is_err());
        assert!(matches!(
            convert(&Value::Int(7), Kind::Float),
            Ok(Bound::Float(Some(v))) if v == 7.0
        ));
    }

    #[test]
    fn checksums_see_every_change_but_not_the_order() {
        let rows = [
            vec![Value::Int(4), Value::Int(1), Value::Text("7g7f".into())],
            vec![Value::Int(4), Value::Int(2), Value::Text("3c3d".into())],
        ];
        let sum = |rows: &[Vec<Value>]| {
            let mut sums = Checksums::default();
            for row in rows {
                sums.add("moves", row, 0);
            }
            sums.0
        };
        let reversed = [rows[1].clone(), rows[0].clone()];
        assert_eq!(sum(&rows), sum(&reversed));
        let mut changed = rows.clone();
        changed[1][2] = Value::Text("3c3e".into());
        assert_ne!(sum(&rows), sum(&changed));
        assert_ne!(sum(&rows), sum(&rows[..1]));
    }

    #[test]
    fn identifiers_are_quoted() {
        assert_eq!(quoted("games"), "\"games\"");
        assert_eq!(quoted("a\"b"), "\"a\"\"b\"");
    }
}
