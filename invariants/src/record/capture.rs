//! The crash files `dsd record` writes, read back: each crash's folder below `WORK/record/`
//! holds `trace.txt` (the exception as `printStackTrace` prints it), `crash.json` (the
//! thread, the copy depth, whether the exception escaped) and `frames.jsonl`, one captured frame per line, the method that
//! threw first:
//!
//! ```json
//! {"class":"p.Bank","method":"average","descriptor":"(Ljava/util/List;)I",
//!  "receiver":{"class":"p.Bank","id":1,"fields":[{"owner":"p.Bank","name":"fee","value":{"class":"java.lang.Integer","value":2}}]},
//!  "args":[{"class":"java.util.ArrayList","id":2,"size":1,"items":[{"class":"p.Account","id":3,"live":true,"fields":[]}]}]}
//! ```
//!
//! A value is `null`; an exact value `{"class","value"}` (a boxed primitive, a string, a
//! character, a float or double as its string, a `Class` by name); an enum constant
//! `{"class","enum"}`; `{"ref":N}`, the object written before with `"id":N` in the same
//! frame; an object `{"class","id","fields":[{"owner","name","value"}]}`; an array,
//! collection or map `{"class","id","size","items"}` / `{"class","id","size","keys","values"}`
//! (`size` is the true size, the elements at most the first 64); an object the recorder
//! could not look into `{"class","id","opaque":true}`; a JDK object kept as data
//! `{"class","id","data":{"kind",...}}` ([`super::jdk_data`]). `"live":true` marks an object beyond
//! the copy depth, written as it was at the crash rather than at the call.

use super::jdk_data::JdkData;
use crate::Error;
use serde_json::Value as Json;
use std::path::{Path, PathBuf};

/// One recorded crash.
#[derive(Debug, Clone, PartialEq)]
pub struct Crash {
    /// Its folder.
    pub dir: PathBuf,
    /// The exception and its stack, as the JVM prints them.
    pub trace: String,
    /// The thread it happened on.
    pub thread: String,
    /// The depth its values were copied to at each call.
    pub depth: u32,
    /// Whether its exception escaped: ended its thread or failed a test (not caught by the
    /// program or by a test that expected it).
    pub escaped: bool,
    /// The captured frames, the method that threw first.
    pub frames: Vec<Frame>,
}

/// A call on the shadow stack when the exception escaped.
#[derive(Debug, Clone, PartialEq)]
pub struct Frame {
    /// Binary name of the method's class.
    pub class: String,
    /// The method's name (`<init>` for a constructor).
    pub method: String,
    /// Its JVM descriptor.
    pub descriptor: String,
    /// The receiver as copied at entry (`Null` for static methods and constructors).
    pub receiver: Value,
    /// The arguments as copied at entry.
    pub args: Vec<Value>,
}

/// A captured value.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// `null`.
    Null,
    /// A boxed primitive, string, character or class kept exactly.
    Exact {
        /// Its class, e.g. `java.lang.Integer`.
        class: String,
        /// The value: integers and booleans as JSON has them, the rest as text.
        value: Json,
    },
    /// An enum constant.
    Enum {
        /// The enum's binary name.
        class: String,
        /// The constant's name.
        name: String,
    },
    /// The object of this id, written before in the same frame.
    Ref(u64),
    /// An object with its fields.
    Object {
        /// Its class.
        class: String,
        /// Its id in the frame.
        id: u64,
        /// Its instance fields: declaring class, name, value.
        fields: Vec<(String, String, Value)>,
        /// Whether it was written as it was at the crash (beyond the copy depth).
        live: bool,
    },
    /// An array or a collection.
    Items {
        /// Its class (`[I`, `java.util.ArrayList`).
        class: String,
        /// Its id in the frame.
        id: u64,
        /// Its true size.
        size: usize,
        /// Its first elements.
        items: Vec<Value>,
        /// Whether it was written as it was at the crash.
        live: bool,
    },
    /// A map.
    Entries {
        /// Its class.
        class: String,
        /// Its id in the frame.
        id: u64,
        /// Its true size.
        size: usize,
        /// Its first keys.
        keys: Vec<Value>,
        /// Their values.
        values: Vec<Value>,
        /// Whether it was written as it was at the crash.
        live: bool,
    },
    /// A JDK object kept as data (a `StringBuilder`, a `Locale`, a `Calendar`).
    Jdk {
        /// Its class.
        class: String,
        /// Its id in the frame.
        id: u64,
        /// Its data.
        data: JdkData,
        /// Whether it was written as it was at the crash.
        live: bool,
    },
    /// An object the recorder could not look into (a thread, a stream).
    Opaque {
        /// Its class.
        class: String,
        /// Its id in the frame.
        id: u64,
    },
}

impl Value {
    /// Whether the value or a value inside it was written as it was at the crash, not as
    /// the call saw it.
    pub fn has_live(&self) -> bool {
        match self {
            Value::Object { live, fields, .. } => *live || fields.iter().any(|f| f.2.has_live()),
            Value::Items { live, items, .. } => *live || items.iter().any(Value::has_live),
            Value::Entries {
                live, keys, values, ..
            } => *live || keys.iter().chain(values).any(Value::has_live),
            Value::Jdk { live, .. } => *live,
            Value::Opaque { .. } => true,
            _ => false,
        }
    }

    /// The class of the first value, this one or one inside it, that the recorder did not
    /// look into (and a test replaces by `null`).
    pub fn opaque_class(&self) -> Option<&str> {
        match self {
            Value::Opaque { class, .. } => Some(class),
            Value::Object { fields, .. } => fields.iter().find_map(|f| f.2.opaque_class()),
            Value::Items { items, .. } => items.iter().find_map(Value::opaque_class),
            Value::Entries { keys, values, .. } => {
                keys.iter().chain(values).find_map(Value::opaque_class)
            }
            _ => None,
        }
    }
}

impl Frame {
    /// Whether some of the frame's state was written as it was at the crash.
    pub fn has_live(&self) -> bool {
        self.receiver.has_live() || self.args.iter().any(Value::has_live)
    }

    /// The class of the first value of the frame that the recorder did not look into.
    pub fn opaque_class(&self) -> Option<&str> {
        std::iter::once(&self.receiver)
            .chain(&self.args)
            .find_map(Value::opaque_class)
    }
}

/// The files `capped-PID` below `dir`: one per JVM that met a crash past `--max-crashes`.
pub fn capped_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = entries
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with("capped-"))
        .map(|e| e.path())
        .collect();
    found.sort();
    found
}

/// The crash folders below `dir` (`crash-PID-N`), in the order they were written: by
/// process, then by number.
pub fn crash_dirs(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<((u64, u64), PathBuf)> = entries
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let (pid, n) = name.strip_prefix("crash-")?.split_once('-')?;
            Some(((pid.parse().ok()?, n.parse().ok()?), e.path()))
        })
        .collect();
    found.sort();
    found.into_iter().map(|(_, p)| p).collect()
}

/// Reads the crash in the folder `dir`; a file that is not as the recorder writes it is an
/// error naming the file and line.
pub fn read_crash(dir: &Path) -> Result<Crash, Error> {
    let read = |name: &str| {
        let path = dir.join(name);
        std::fs::read_to_string(&path)
            .map(|t| (path.clone(), t))
            .map_err(|e| Error(format!("cannot read {}: {e}", path.display())))
    };
    let (_, trace) = read("trace.txt")?;
    let (path, header) = read("crash.json")?;
    let header: Json = serde_json::from_str(&header)
        .map_err(|e| Error(format!("{}:{}: {e}", path.display(), e.line())))?;
    let (path, lines) = read("frames.jsonl")?;
    let frames = lines
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, line)| {
            frame(line).map_err(|e| Error(format!("{}:{}: {e}", path.display(), i + 1)))
        })
        .collect::<Result<_, _>>()?;
    Ok(Crash {
        dir: dir.to_path_buf(),
        trace,
        thread: header["thread"].as_str().unwrap_or("main").to_string(),
        depth: header["depth"].as_u64().unwrap_or(1) as u32,
        escaped: header["escaped"].as_bool().unwrap_or(false),
        frames,
    })
}

/// One line of `frames.jsonl`.
fn frame(line: &str) -> Result<Frame, String> {
    let json: Json = serde_json::from_str(line).map_err(|e| e.to_string())?;
    let text = |key: &str| {
        json[key]
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| format!("the frame has no `{key}`"))
    };
    let args = json["args"]
        .as_array()
        .ok_or("the frame has no `args`")?
        .iter()
        .map(value)
        .collect::<Result<_, _>>()?;
    Ok(Frame {
        class: text("class")?,
        method: text("method")?,
        descriptor: text("descriptor")?,
        receiver: value(&json["receiver"])?,
        args,
    })
}

/// One captured value.
pub fn value(json: &Json) -> Result<Value, String> {
    if json.is_null() {
        return Ok(Value::Null);
    }
    if let Some(id) = json.get("ref") {
        return id
            .as_u64()
            .map(Value::Ref)
            .ok_or("a `ref` is not a number".into());
    }
    let class = json["class"]
        .as_str()
        .ok_or_else(|| format!("a value without a class: {json}"))?
        .to_string();
    if let Some(name) = json.get("enum") {
        let name = name.as_str().ok_or("an `enum` is not a name")?.to_string();
        return Ok(Value::Enum { class, name });
    }
    if let Some(value) = json.get("value") {
        return Ok(Value::Exact {
            class,
            value: value.clone(),
        });
    }
    let id = json["id"]
        .as_u64()
        .ok_or_else(|| format!("{class} has no id"))?;
    let live = json["live"].as_bool().unwrap_or(false);
    let list = |key: &str| -> Result<Vec<Value>, String> {
        json[key]
            .as_array()
            .map_or(Ok(Vec::new()), |a| a.iter().map(value).collect())
    };
    let size = json["size"].as_u64().unwrap_or(0) as usize;
    if json["opaque"].as_bool() == Some(true) {
        Ok(Value::Opaque { class, id })
    } else if let Some(data) = json.get("data") {
        Ok(Value::Jdk {
            class,
            id,
            data: super::jdk_data::read(data)?,
            live,
        })
    } else if json.get("keys").is_some() {
        Ok(Value::Entries {
            class,
            id,
            size,
            keys: list("keys")?,
            values: list("values")?,
            live,
        })
    } else if json.get("items").is_some() {
        Ok(Value::Items {
            class,
            id,
            size,
            items: list("items")?,
            live,
        })
    } else {
        let fields = json["fields"].as_array().map_or(Ok(Vec::new()), |fields| {
            fields
                .iter()
                .map(|f| {
                    let owner = f["owner"].as_str().ok_or("a field without an owner")?;
                    let name = f["name"].as_str().ok_or("a field without a name")?;
                    Ok((owner.to_string(), name.to_string(), value(&f["value"])?))
                })
                .collect::<Result<Vec<_>, String>>()
        })?;
        Ok(Value::Object {
            class,
            id,
            fields,
            live,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_frame_line_reads_into_values() {
        let line = r#"{"class":"p.Bank","method":"average","descriptor":"(Ljava/util/List;I)I","receiver":{"class":"p.Bank","id":1,"fields":[{"owner":"p.Bank","name":"name","value":{"class":"java.lang.String","value":"b"}},{"owner":"p.Bank","name":"self","value":{"ref":1}}]},"args":[{"class":"java.util.ArrayList","id":2,"size":3,"items":[{"class":"p.Account","id":3,"live":true,"fields":[]},null]},{"class":"java.lang.Integer","value":-4}]}"#;
        let f = frame(line).unwrap();
        assert_eq!((f.class.as_str(), f.method.as_str()), ("p.Bank", "average"));
        let Value::Object { fields, live, .. } = &f.receiver else {
            panic!("{:?}", f.receiver)
        };
        assert!(!live);
        assert_eq!(fields[1], ("p.Bank".into(), "self".into(), Value::Ref(1)));
        let Value::Items { size, items, .. } = &f.args[0] else {
            panic!("{:?}", f.args[0])
        };
        assert_eq!((*size, items.len()), (3, 2));
        assert_eq!(items[1], Value::Null);
        assert!(f.args[0].has_live() && !f.receiver.has_live() && f.has_live());
        assert_eq!(
            f.args[1],
            Value::Exact {
                class: "java.lang.Integer".into(),
                value: serde_json::json!(-4)
            }
        );
    }

    #[test]
    fn a_damaged_line_is_an_error_naming_what_is_missing() {
        assert_eq!(
            frame(r#"{"class":"p.C","method":"m","descriptor":"()V","receiver":null}"#),
            Err("the frame has no `args`".to_string())
        );
        assert!(frame("{nope").is_err());
    }

    #[test]
    fn crash_folders_come_in_the_order_they_were_written() {
        let dir = std::env::temp_dir().join(format!("dsd-crash-dirs-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for name in [
            "crash-7-10",
            "crash-7-2",
            "crash-3-5",
            ".crash-7-11",
            "other",
        ] {
            std::fs::create_dir_all(dir.join(name)).unwrap();
        }
        let names: Vec<String> = crash_dirs(&dir)
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["crash-3-5", "crash-7-2", "crash-7-10"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
