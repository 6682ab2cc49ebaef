//! Producers that may return `null`: a project method whose documentation says its result
//! may be `null` or whose body returns `null`. A test that builds an input with one passes
//! on whatever it returned, so a `NullPointerException` there is a `null` input, as if the
//! test had passed `null` itself (`FieldUtils.getDeclaredField` of a field that is not
//! there).

use frontend::ir::Program;
use solver::{Model, Value};

/// The first producer the model calls that may return `null`, in Java terms
/// (`FastTimeZone.getGmtTimeZone(String)`).
pub fn nullable_producer(program: &Program, model: &Model) -> Option<String> {
    let mut todo: Vec<&Value> = model.values().collect();
    while let Some(v) = todo.pop() {
        match v {
            Value::Call {
                class,
                method,
                descriptor,
                args,
            } => {
                if vcgen::contract::may_return_null(program, class, method, descriptor) {
                    let simple = class.rsplit(['.', '$']).next().unwrap_or(class);
                    let params: Vec<String> = frontend::descriptor_params(descriptor)
                        .iter()
                        .map(|t| {
                            let name = t.java_name();
                            name.rsplit('.').next().unwrap_or(&name).to_string()
                        })
                        .collect();
                    return Some(format!("{simple}.{method}({})", params.join(", ")));
                }
                todo.extend(args);
            }
            Value::New { args, outer, .. } => {
                todo.extend(args);
                todo.extend(outer.iter().map(|o| o.as_ref()));
            }
            Value::Array { elements, .. }
            | Value::Filled {
                entries: elements, ..
            } => todo.extend(elements),
            Value::Shared { value, .. } | Value::Boxed { value, .. } => todo.push(value),
            Value::Reflect { fields, .. } => todo.extend(fields.iter().map(|f| &f.value)),
            _ => {}
        }
    }
    None
}
