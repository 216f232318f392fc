//! The crate's layers, held by reading its source (as the domain's guard
//! tests do): routes → services → store → database, the app state above
//! everything that serves a request, and no import circle between the
//! top-level modules. A module "names" another when a `crate::` path (or a
//! `super::` path that leaves its folder) reaches it, in a `use` or inline;
//! comments do not count.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// What reads and writes the database for everyone above it.
const STORE: &str = "store";
/// What the store must never name: everything above it.
const ABOVE_THE_STORE: &[&str] = &[
    "app",
    "state",
    "routes",
    "openapi",
    "auth",
    "play",
    "record",
    "deadlines",
    "computers",
    "webhooks",
    "mail",
    "vacations",
];
/// The services (play, records, deadlines, computer players, the webhook
/// deliverer, mail): called by the routes and by background workers, calling
/// the store.
const SERVICES: &[&str] = &[
    "play",
    "record",
    "deadlines",
    "computers",
    "webhooks",
    "mail",
    "vacations",
];
/// What a service must never name: the HTTP layer and the app around it.
const ABOVE_THE_SERVICES: &[&str] = &["app", "state", "routes", "openapi"];

/// This file holds paths as test data; it is no part of the layering.
const THIS_FILE: &str = "layering.rs";

/// A source file as its module: its path (`["store", "append"]`) and text.
struct SourceFile {
    module: Vec<String>,
    path: PathBuf,
    text: String,
}

fn source_files() -> Vec<SourceFile> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    collect(&root, &root, &mut files);
    assert!(
        files.len() > 20,
        "the crate's source files were not found under {}",
        root.display()
    );
    files
}

fn collect(root: &Path, dir: &Path, out: &mut Vec<SourceFile>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("the source folder is readable")
        .map(|entry| entry.expect("a readable entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") && !path.ends_with(THIS_FILE) {
            let relative = path.strip_prefix(root).expect("under the root");
            let mut module: Vec<String> = relative
                .with_extension("")
                .iter()
                .map(|segment| segment.to_string_lossy().into_owned())
                .collect();
            if matches!(module.last().map(String::as_str), Some("mod" | "lib")) {
                module.pop();
            }
            let text = std::fs::read_to_string(&path).expect("a readable source file");
            out.push(SourceFile { module, path, text });
        }
    }
}

/// The text without its comments (a `//` inside a string cuts that line
/// short, which can only hide a path, never invent one).
fn without_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("/*") {
        out.push_str(&rest[..start]);
        rest = rest[start..]
            .find("*/")
            .map_or("", |end| &rest[start + end + 2..]);
    }
    out.push_str(rest);
    out.lines()
        .map(|line| line.find("//").map_or(line, |at| &line[..at]))
        .collect::<Vec<_>>()
        .join("\n")
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The leading identifier of `text`.
fn ident(text: &str) -> &str {
    let end = text.find(|c| !is_ident(c)).unwrap_or(text.len());
    &text[..end]
}

/// The first segments of the items of the group `{...}` that `text` opens.
fn group_heads(text: &str) -> Vec<String> {
    let mut heads = Vec::new();
    let mut depth = 0;
    let mut item_start = true;
    for (at, c) in text.char_indices() {
        match c {
            '{' => {
                depth += 1;
                item_start = depth == 1;
            }
            '}' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            ',' if depth == 1 => item_start = true,
            c if item_start && depth == 1 && is_ident(c) => {
                heads.push(ident(&text[at..]).to_owned());
                item_start = false;
            }
            _ => {}
        }
    }
    heads
}

/// The top-level modules (or crate-root names) that a file of `module` names.
fn named_roots(module: &[String], text: &str) -> BTreeSet<String> {
    let text = without_comments(text);
    let mut names = BTreeSet::new();
    for (at, _) in text.match_indices("::") {
        let before = &text[..at];
        let head_start = before.rfind(|c| !is_ident(c)).map_or(0, |i| i + 1);
        let head = &before[head_start..];
        // Only the start of a path: `crate::`, or the first `super::` of a chain.
        let preceded_by_path = before[..head_start].ends_with("::");
        if preceded_by_path || !(head == "crate" || head == "super") {
            continue;
        }
        let mut rest = &text[at + 2..];
        let mut depth = module.len();
        if head == "super" {
            depth = depth.saturating_sub(1);
            while let Some(more) = rest.strip_prefix("super::") {
                depth = depth.saturating_sub(1);
                rest = more;
            }
        } else {
            depth = 0;
        }
        if depth > 0 {
            // Still inside the file's own top-level module.
            continue;
        }
        if rest.starts_with('{') {
            names.extend(group_heads(rest));
        } else {
            let name = ident(rest);
            if !name.is_empty() {
                names.insert(name.to_owned());
            }
        }
    }
    names
}

/// What the crate root re-exports (`pub use state::AppState;`): name → module.
fn reexports(files: &[SourceFile]) -> BTreeMap<String, String> {
    let lib = files
        .iter()
        .find(|f| f.module.is_empty())
        .expect("lib.rs is there");
    let mut map = BTreeMap::new();
    for line in without_comments(&lib.text).lines() {
        let Some(path) = line.trim().strip_prefix("pub use ") else {
            continue;
        };
        let module = ident(path).to_owned();
        let tail = &path[module.len()..];
        let tail = tail.strip_prefix("::").unwrap_or(tail);
        let names = if tail.starts_with('{') {
            group_heads(tail)
        } else {
            vec![ident(tail).to_owned()]
        };
        for name in names {
            map.insert(name, module.clone());
        }
    }
    map
}

/// Each top-level module and the top-level modules its files name, with
/// one file that names each (for the messages).
type Graph = BTreeMap<String, BTreeMap<String, PathBuf>>;

fn module_graph(files: &[SourceFile]) -> Graph {
    let reexported = reexports(files);
    let tops: BTreeSet<&str> = files
        .iter()
        .filter_map(|f| f.module.first().map(String::as_str))
        .collect();
    let mut graph = Graph::new();
    for file in files {
        let Some(top) = file.module.first() else {
            continue;
        };
        let edges = graph.entry(top.clone()).or_default();
        for name in named_roots(&file.module, &file.text) {
            let target = reexported.get(&name).cloned().unwrap_or(name);
            if tops.contains(target.as_str()) && &target != top {
                edges.entry(target).or_insert_with(|| file.path.clone());
            }
        }
    }
    graph
}

/// Each file of the modules `under` that names one of `forbidden`.
fn offences(graph_files: &[SourceFile], under: &[&str], forbidden: &[&str]) -> Vec<String> {
    let reexported = reexports(graph_files);
    let mut found = Vec::new();
    for file in graph_files {
        let Some(top) = file.module.first() else {
            continue;
        };
        if !under.contains(&top.as_str()) {
            continue;
        }
        for name in named_roots(&file.module, &file.text) {
            let target = reexported.get(&name).map_or(name.as_str(), String::as_str);
            if forbidden.contains(&target) {
                found.push(format!("{} names `{target}`", file.path.display()));
            }
        }
    }
    found
}

/// A circle of the graph, as the modules along it, if there is one.
fn find_circle(graph: &Graph) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &Graph,
        done: &mut BTreeSet<String>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut circle = path[at..].to_vec();
            circle.push(node.to_owned());
            return Some(circle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_owned());
        for next in graph.get(node).into_iter().flat_map(|edges| edges.keys()) {
            if let Some(circle) = visit(next, graph, done, path) {
                return Some(circle);
            }
        }
        path.pop();
        done.insert(node.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut done, &mut Vec::new()))
}

#[test]
fn no_store_module_names_a_layer_above_the_store() {
    let offences = offences(&source_files(), &[STORE], ABOVE_THE_STORE);
    assert!(
        offences.is_empty(),
        "the store must not reach up:\n{}",
        offences.join("\n")
    );
}

#[test]
fn no_service_names_the_routes_or_the_app() {
    let offences = offences(&source_files(), SERVICES, ABOVE_THE_SERVICES);
    assert!(
        offences.is_empty(),
        "a service must not reach up:\n{}",
        offences.join("\n")
    );
}

#[test]
fn the_top_level_modules_import_one_another_without_a_circle() {
    let graph = module_graph(&source_files());
    if let Some(circle) = find_circle(&graph) {
        let steps: Vec<String> = circle
            .windows(2)
            .map(|pair| {
                format!(
                    "{} -> {} (in {})",
                    pair[0],
                    pair[1],
                    graph[&pair[0]][&pair[1]].display()
                )
            })
            .collect();
        panic!("an import circle:\n{}", steps.join("\n"));
    }
}

#[test]
fn paths_are_read_from_uses_groups_inline_paths_and_super_chains() {
    let module = ["store".to_owned(), "append".to_owned()];
    let text = "use crate::{app::AppState, model::Game};\n\
                use super::cache; // crate::routes in a comment\n\
                fn f() { crate::notify::x(); super::super::webhooks::y(); }\n\
                /* crate::openapi */";
    let names: Vec<String> = named_roots(&module, text).into_iter().collect();
    assert_eq!(names, ["app", "model", "notify", "webhooks"]);
}
