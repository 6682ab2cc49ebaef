package java.util;

import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/** An optional holding its value, null when empty; reading an empty one throws. */
public final class Optional<T> {
    private final T value;

    private Optional(T value) {
        this.value = value;
    }

    public static <T> Optional<T> empty() {
        return new Optional<T>(null);
    }

    public static <T> Optional<T> of(T value) {
        if (value == null) {
            throw new NullPointerException();
        }
        return new Optional<T>(value);
    }

    public static <T> Optional<T> ofNullable(T value) {
        return new Optional<T>(value);
    }

    public T get() {
        if (value == null) {
            throw new NoSuchElementException("No value present");
        }
        return value;
    }

    public T orElseThrow() {
        if (value == null) {
            throw new NoSuchElementException("No value present");
        }
        return value;
    }

    public boolean isPresent() {
        return value != null;
    }

    public boolean isEmpty() {
        return value == null;
    }

    public T orElse(T other) {
        return value != null ? value : other;
    }

    public T orElseGet(Supplier<? extends T> supplier) {
        if (value != null) {
            return value;
        }
        if (supplier == null) {
            throw new NullPointerException();
        }
        return supplier.get();
    }

    public void ifPresent(Consumer<? super T> action) {
        if (value != null) {
            if (action == null) {
                throw new NullPointerException();
            }
            action.accept(value);
        }
    }

    public <U> Optional<U> map(Function<? super T, ? extends U> mapper) {
        if (mapper == null) {
            throw new NullPointerException();
        }
        if (value == null) {
            return empty();
        }
        return ofNullable(mapper.apply(value));
    }

    public void ifPresentOrElse(Consumer<? super T> action, Runnable emptyAction) {
        if (value != null) {
            if (action == null) {
                throw new NullPointerException();
            }
            action.accept(value);
        } else {
            if (emptyAction == null) {
                throw new NullPointerException();
            }
            emptyAction.run();
        }
    }

    @SuppressWarnings("unchecked")
    public <U> Optional<U> flatMap(Function<? super T, ? extends Optional<? extends U>> mapper) {
        if (mapper == null) {
            throw new NullPointerException();
        }
        if (value == null) {
            return empty();
        }
        Optional<U> r = (Optional<U>) mapper.apply(value);
        if (r == null) {
            throw new NullPointerException();
        }
        return r;
    }

    @SuppressWarnings("unchecked")
    public Optional<T> or(Supplier<? extends Optional<? extends T>> supplier) {
        if (supplier == null) {
            throw new NullPointerException();
        }
        if (value != null) {
            return this;
        }
        Optional<T> r = (Optional<T>) supplier.get();
        if (r == null) {
            throw new NullPointerException();
        }
        return r;
    }

    public Optional<T> filter(Predicate<? super T> predicate) {
        if (predicate == null) {
            throw new NullPointerException();
        }
        if (value == null || predicate.test(value)) {
            return this;
        }
        return empty();
    }
}
