# tpsbot: the Discord bot. Build: docker build -t tpsbot .
# Run:   docker run -d --name tpsbot --env-file .env -v tpsbot-data:/data --restart unless-stopped tpsbot
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PATH=/opt/tpsbot/bin:$PATH \
    TPSBOT_DB=/data/catalog.db \
    TPSBOT_STATE_DB=/data/state.db \
    TPSBOT_HTTP_HOST=127.0.0.1 \
    TPSBOT_HTTP_PORT=8089

# DejaVu Sans: the charts' font, with the accents of every answer language.
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-dejavu-core=2.37-* \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /app
# Only what the package needs: never .env (the token) or a local .venv.
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY answers ./answers
COPY catalog ./catalog
COPY estimator ./estimator
COPY locales ./locales
RUN python -m venv /opt/tpsbot \
    && pip install --no-cache-dir ".[postgres]" \
    && useradd --system --uid 10001 --user-group --home-dir /data --shell /usr/sbin/nologin tpsbot \
    && mkdir -p /data && chown 10001:10001 /data

USER 10001:10001
VOLUME ["/data"]

# /healthz answers while the process and its event loop run (the listener is bound to 127.0.0.1
# inside the container; publish it with TPSBOT_HTTP_HOST=0.0.0.0 and -p to scrape /metrics).
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ['TPSBOT_HTTP_PORT'], timeout=4)"]

# Exec form: the bot is PID 1 and receives SIGTERM from `docker stop` itself, then closes cleanly.
CMD ["tpsbot", "run"]
