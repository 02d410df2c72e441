//! Integration tests, compiled as one binary. Fixtures are in `tests/data/`, insta snapshots in
//! `tests/snapshots/`; tests that need the real data in `../shared` are in `shared_data` and say
//! so when they skip (in CI they fail instead).

mod cli;
mod commands;
mod common;
mod messages;
mod properties;
mod robustness;
mod shared_data;
mod show;
mod snapshots;
mod suggest;
mod training;
