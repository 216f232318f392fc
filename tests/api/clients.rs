//! The spec as a client developer meets it: Redocly's recommended lint, and
//! clients generated from `openapi/openapi.json` by openapi-python-client and
//! openapi-typescript (+ openapi-fetch, compiled with `tsc --strict`) playing a
//! Fire Wall duel to its end, and a Wiz-War and a Wizards of War cast each
//! through its response window, against a live server. The web page's own
//! script is type-checked against the same generated types. The scripts live in `tests/clients/`; the generator
//! versions are pinned there (`package-lock.json`, `requirements.txt`).
//!
//! The tools are installed on first use (npm's and PyPI's registries), into
//! `tests/clients/node_modules` and `target/clients/venv`.

use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::OnceLock;

use crate::helpers::TestApp;

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_owned()
}

fn scripts() -> PathBuf {
    repository().join("tests/clients")
}

fn spec() -> PathBuf {
    repository().join("openapi/openapi.json")
}

fn work_dir() -> PathBuf {
    repository().join("target/clients")
}

/// Runs a set-up step to its end; its output is shown when it fails.
fn run(what: &str, command: &mut std::process::Command) {
    let output = command
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot start: {e}"));
    assert_success(what, &output);
}

fn assert_success(what: &str, output: &Output) {
    assert!(
        output.status.success(),
        "{what} failed ({}):\n{}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The pinned npm packages, installed once per test run.
fn node_tools() -> &'static Path {
    static INSTALLED: OnceLock<PathBuf> = OnceLock::new();
    INSTALLED.get_or_init(|| {
        let dir = scripts();
        if !dir.join("node_modules/.bin/tsc").exists() {
            run(
                "npm ci",
                std::process::Command::new("npm")
                    .args(["ci", "--no-audit", "--no-fund"])
                    .current_dir(&dir),
            );
        }
        dir
    })
}

/// The TypeScript types generated from the spec (`generated/schema.d.ts`),
/// once per test run. Returns the scripts' directory.
fn generated_types() -> &'static Path {
    static GENERATED: OnceLock<PathBuf> = OnceLock::new();
    GENERATED.get_or_init(|| {
        let dir = node_tools();
        std::fs::create_dir_all(dir.join("generated")).unwrap();
        run(
            "openapi-typescript",
            std::process::Command::new(dir.join("node_modules/.bin/openapi-typescript"))
                .arg(spec())
                .args(["-o", "generated/schema.d.ts"])
                .current_dir(dir),
        );
        dir.to_owned()
    })
}

/// The TypeScript client: the script compiled with `--strict` against the
/// types generated from the spec. Returns the compiled script.
fn typescript_client() -> &'static Path {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(|| {
        let dir = generated_types();
        run(
            "tsc --strict",
            std::process::Command::new(dir.join("node_modules/.bin/tsc"))
                .args(["-p", "."])
                .current_dir(dir),
        );
        dir.join("build/play.js")
    })
}

/// The Python client, generated into `target/clients/python`. Returns the
/// interpreter of the virtual environment the generator runs in.
fn python_client() -> &'static (PathBuf, PathBuf) {
    static BUILT: OnceLock<(PathBuf, PathBuf)> = OnceLock::new();
    BUILT.get_or_init(|| {
        let venv = work_dir().join("venv");
        let python = venv.join("bin/python");
        let generator = venv.join("bin/openapi-python-client");
        if !generator.exists() {
            run(
                "python3 -m venv",
                std::process::Command::new("python3")
                    .args(["-m", "venv"])
                    .arg(&venv),
            );
            run(
                "pip install",
                std::process::Command::new(&python)
                    .args(["-m", "pip", "install", "--quiet", "-r"])
                    .arg(scripts().join("requirements.txt")),
            );
        }
        let out = work_dir().join("python");
        let package = out.join("owlpost_client");
        let _ = std::fs::remove_dir_all(&package);
        std::fs::create_dir_all(&out).unwrap();
        let generated = std::process::Command::new(&generator)
            .args(["generate", "--meta", "none", "--overwrite", "--path"])
            .arg(spec())
            .arg("--output-path")
            .arg(&package)
            .output()
            .expect("openapi-python-client runs");
        assert_success("openapi-python-client", &generated);
        let warnings = String::from_utf8_lossy(&generated.stdout);
        // The board picture is SVG, which the generator leaves to the caller;
        // any other skipped piece is a hole in the typed client.
        for line in warnings.lines().filter(|line| line.starts_with("WARNING")) {
            assert!(
                line.contains("board.svg"),
                "the Python generator skipped part of the spec: {line}\n{warnings}"
            );
        }
        (python, out)
    })
}

/// Runs a client script against `app` and returns what it printed.
async fn play(mut command: tokio::process::Command, what: &str) -> String {
    let output = command
        .kill_on_drop(true)
        .output()
        .await
        .unwrap_or_else(|e| panic!("{what} cannot start: {e}"));
    assert_success(what, &output);
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn assert_played_every_game(printed: &str) {
    assert!(
        printed.contains("fire wall: the duel ended") && printed.contains("seat 0 won"),
        "{printed}"
    );
    assert!(
        printed.contains("wizwar: a cast waited for its answer"),
        "{printed}"
    );
    assert!(
        printed.contains("wizards of war: a spell waited for its answer"),
        "{printed}"
    );
}

#[tokio::test]
async fn the_spec_passes_redocly_recommended_rules_without_an_error() {
    let dir = tokio::task::spawn_blocking(|| node_tools().to_owned())
        .await
        .unwrap();
    let output = tokio::process::Command::new(dir.join("node_modules/.bin/redocly"))
        .args(["lint", "--extends", "recommended", "--format", "stylish"])
        .arg(spec())
        .env("REDOCLY_TELEMETRY", "off")
        .env("REDOCLY_SUPPRESS_UPDATE_NOTICE", "true")
        .output()
        .await
        .expect("redocly runs");
    assert_success("redocly lint (recommended)", &output);
}

#[tokio::test]
async fn a_generated_python_client_plays_every_ruleset_and_reads_every_answer_unchanged() {
    let (python, package_dir) = tokio::task::spawn_blocking(|| python_client().clone())
        .await
        .unwrap();
    let app = TestApp::spawn().await;
    let mut command = tokio::process::Command::new(python);
    command
        .arg(scripts().join("play.py"))
        .arg(app.url(""))
        .env("PYTHONPATH", package_dir);
    let printed = play(command, "the Python client").await;
    assert_played_every_game(&printed);
}

#[tokio::test]
async fn a_generated_typescript_client_compiles_strictly_and_plays_every_ruleset() {
    let script = tokio::task::spawn_blocking(|| typescript_client().to_owned())
        .await
        .unwrap();
    let app = TestApp::spawn().await;
    let mut command = tokio::process::Command::new("node");
    command.arg(script).arg(app.url(""));
    let printed = play(command, "the TypeScript client").await;
    assert_played_every_game(&printed);
}

/// The web page's script (`api/web/app.js`, `// @ts-check`) reads the API
/// through the types generated from the spec (`tests/clients/web.d.ts` names
/// them): a spec change the page does not follow fails here.
#[tokio::test]
async fn the_web_pages_script_type_checks_against_the_types_generated_from_the_spec() {
    let dir = tokio::task::spawn_blocking(|| generated_types().to_owned())
        .await
        .unwrap();
    let output = tokio::process::Command::new(dir.join("node_modules/.bin/tsc"))
        .args(["-p", "tsconfig.web.json"])
        .current_dir(&dir)
        .output()
        .await
        .expect("tsc runs");
    assert_success(
        "tsc -p tsconfig.web.json (the web page against the spec)",
        &output,
    );
}
