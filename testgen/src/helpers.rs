//! The Java source of the reflection helpers a generated test class may need: methods of
//! the test class itself in the work directory, of a class beside the tests (package
//! access) in the tests `--emit-tests` keeps.
//!
//! Reflective calls rethrow what the called code threw, so a crash surfaces with the
//! same exception and stack top as a direct call.

use crate::render::Helper;

/// The source of one helper method, indented for a class body.
pub fn source(helper: Helper) -> &'static str {
    match helper {
        Helper::Allocate => ALLOCATE,
        Helper::Set => SET,
        Helper::Type => TYPE,
        Helper::Construct => CONSTRUCT,
        Helper::Invoke => INVOKE,
        Helper::NewArray => NEW_ARRAY,
        Helper::Filled => FILLED,
    }
}

const ALLOCATE: &str = r#"
    /** Creates an object without running a constructor (dsd found no public route to the state). */
    static <T> T allocate(Class<T> type) throws Exception {
        java.lang.reflect.Field field = Class.forName("sun.misc.Unsafe").getDeclaredField("theUnsafe");
        field.setAccessible(true);
        Object unsafe = field.get(null);
        return type.cast(unsafe.getClass().getMethod("allocateInstance", Class.class).invoke(unsafe, type));
    }
"#;

const SET: &str = r#"
    /** Sets a (possibly private) field by reflection. */
    static void set(Object target, Class<?> owner, String name, Object value) throws Exception {
        java.lang.reflect.Field field = owner.getDeclaredField(name);
        field.setAccessible(true);
        field.set(target, value);
    }
"#;

const TYPE: &str = r#"
    /** The class of a binary name, for a type this test cannot name in source. */
    static Class<?> type(String name) throws Exception {
        return Class.forName(name);
    }
"#;

const CONSTRUCT: &str = r#"
    /** Calls a constructor whose class or parameter types this test cannot name in source. */
    static Object construct(Class<?> type, Class<?>[] params, Object[] args) throws Throwable {
        java.lang.reflect.Constructor<?> constructor = type.getDeclaredConstructor(params);
        constructor.setAccessible(true);
        try {
            return constructor.newInstance(args);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw e.getCause();
        }
    }
"#;

const INVOKE: &str = r#"
    /** Calls a method whose class or parameter types this test cannot name in source. */
    static Object invoke(Object target, Class<?> type, String name, Class<?>[] params, Object[] args) throws Throwable {
        java.lang.reflect.Method method = type.getDeclaredMethod(name, params);
        method.setAccessible(true);
        try {
            return method.invoke(target, args);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw e.getCause();
        }
    }
"#;

const NEW_ARRAY: &str = r#"
    /** An array of a type this test cannot name in source, holding `elements`. */
    static Object newArray(Class<?> element, Object[] elements) {
        Object array = java.lang.reflect.Array.newInstance(element, elements.length);
        for (int i = 0; i < elements.length; i++) {
            java.lang.reflect.Array.set(array, i, elements[i]);
        }
        return array;
    }
"#;

const FILLED: &str = r#"
    /** `map` with the entries `keysAndValues` (a key, then its value) put in order. */
    static <M extends java.util.Map<Object, Object>> M filled(M map, Object... keysAndValues) {
        for (int i = 0; i + 1 < keysAndValues.length; i += 2) {
            map.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }
"#;
