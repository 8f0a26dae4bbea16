# The README's two commands are `make run` and `make test`; both install what the build needs
# first, so they work on a fresh Debian or Ubuntu machine.

GO       ?= go
# Debian/Ubuntu packages the build and the tests need (cgo compiler for now; the viewer adds
# its GL and X11 headers and Xvfb here; docs/batch.md's recipes, which a test runs, GNU
# parallel, jq and rsync).
DEB_PKGS := gcc libc6-dev pkg-config libgl-dev libx11-dev libxcursor-dev libxrandr-dev libxinerama-dev libxi-dev libxxf86vm-dev libgl1-mesa-dri xvfb xauth xdotool parallel jq rsync
FUZZTIME ?= 3s
# make fuzz-long: each target for minutes, to find what a few seconds cannot.
FUZZLONG ?= 3m

.PHONY: run test deps build fuzz fuzz-long bench pgo

run: deps
	$(GO) run ./cmd/tumble view

# Tests report as they go (internal/testprogress): a line per package as it ends, naming its
# tests of 5 s or more, failures in full, and every 15 s of quiet what is still running. The
# tests named Concurrent hold the contact package to its goroutine contract (reads of an
# idle World side by side), and TestParallelNonConvexIsDeterministic shares non-convex pairs
# among goroutines; they run again under the race detector, which finds what they miss.
test: deps
	$(GO) vet ./...
	bash -o pipefail -c '$(GO) test -count=1 -json ./... | $(GO) run ./internal/testprogress'
	$(GO) test -race -count=1 -run 'Concurrent|ParallelNonConvex' ./contact
	$(MAKE) --no-print-directory fuzz

# Every fuzz target runs for FUZZTIME in its own package (.ci/fuzz.sh says how Go 1.26's
# fuzztime race is told from a finding).
fuzz:
	@GO=$(GO) FUZZTIME=$(FUZZTIME) bash .ci/fuzz.sh

fuzz-long: deps
	@GO=$(GO) FUZZTIME=$(FUZZLONG) bash .ci/fuzz.sh

bench: deps
	$(GO) test -run='^$$' -bench=. -benchmem ./...

# The profile that go build uses to optimize the tumble command (profile-guided optimization:
# it inlines the solver's hot calls; docs/benchmarks.md, "Profile-guided build"): one thread,
# bodies awake, the stacks and piles the benchmarks time. Run it again after the step
# changes much; the profile only guides the compiler, the results are the same bits.
PGO_SCENES := pyramid20 pile1000 large_pyramid tori50
pgo: deps
	$(GO) build -pgo=off -o bin/tumble-nopgo ./cmd/tumble
	GOMAXPROCS=1 bin/tumble-nopgo bench --nosleep --runs 1 --cpuprofile cmd/tumble/default.pgo $(PGO_SCENES)

# -buildvcs=auto: stamp the revision that `tumble version` prints whenever git can tell it.
build: deps
	$(GO) build -buildvcs=auto -o bin/tumble ./cmd/tumble

# Installs the missing Debian packages (non-interactively, with sudo when not root) and checks Go.
deps:
	@command -v $(GO) >/dev/null || { echo "tumble needs Go 1.26 or newer on PATH (https://go.dev/dl/)"; exit 1; }
	@missing=""; for p in $(DEB_PKGS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  command -v apt-get >/dev/null || { echo "missing packages:$$missing (install them by hand)"; exit 1; }; \
	  sudo=""; [ "$$(id -u)" = 0 ] || sudo=sudo; \
	  echo "installing$$missing"; \
	  $$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q && \
	  $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $$missing; \
	fi
