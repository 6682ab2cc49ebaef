# The two quick-start commands; both install missing system packages first.
.PHONY: example test lint

# Runs dsd on the bundled example project; the release build shows its progress (the
# first build takes minutes).
example:
	@bash .ci/install
	@bash .ci/empty-null-device
	cargo build --release -p pipeline
	@target/release/dsd --work-dir target/example-work check examples/inventory/src/main/java; \
	status=$$?; [ $$status -le 1 ] # exit status 1 means crashes were found, which is the point

# Runs every test: unit tests of each crate and the end-to-end tests over Java projects.
test:
	@bash .ci/install
	cargo fmt --all --check
	@bash .ci/empty-null-device
	cargo clippy --workspace --all-targets -q -- -D warnings
	@bash .ci/empty-null-device
	cargo test --workspace

lint:
	cargo fmt --all --check
	cargo clippy --workspace --all-targets -- -D warnings
