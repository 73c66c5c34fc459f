# tpsbot: the Discord bot. Build: docker build -t tpsbot .
# Run:   docker run -d --name tpsbot --env-file .env -v tpsbot-data:/data --restart unless-stopped tpsbot
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    MPLBACKEND=Agg \
    MPLCONFIGDIR=/tmp/matplotlib \
    TPSBOT_DB=/data/catalog.db \
    TPSBOT_STATE_DB=/data/state.db

WORKDIR /app
# Only what the package needs: never .env (the token) or a local .venv.
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY answers ./answers
COPY catalog ./catalog
COPY estimator ./estimator
COPY locales ./locales
RUN pip install . \
    && useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin tpsbot \
    && mkdir -p /data && chown tpsbot:tpsbot /data

USER tpsbot
VOLUME ["/data"]

# Exec form: the bot is PID 1 and receives SIGTERM from `docker stop` itself, then closes cleanly.
CMD ["tpsbot", "run"]
