# Two entry points: `make demo` and `make test`. Each builds .venv on first use.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: demo test bench fuzz conformance clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(PY) samples/demo.py

# One worker per core, at most 4 (each holds its own JAX); `make test WORKERS=0` runs
# in this process (for a debugger). Work stealing: a worker that ran out of tests takes
# half of another's (one run each on 2 cores: 527 s, where fixed shares took 586 s).
WORKERS ?= auto
test: $(STAMP)
	$(PY) -m pytest -x -q -n $(WORKERS) --maxprocesses=4 --dist worksteal tests

conformance: $(STAMP)
	$(PY) ../shared/conformance/run.py

N ?= 1000
SEED ?= 0
fuzz: $(STAMP)
	$(PY) -m tests.fuzz.run --n $(N) --seed $(SEED)

bench: $(STAMP)
	$(PY) -m pip install -q -e '.[bench]'
	$(PY) benchmarks/run.py

clean:
	rm -rf $(VENV) build *.egg-info
