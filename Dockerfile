# svc, the scanning service's command-line tool, on Node.js 24: the npm package svc-scan-action as an image.
# The build context is the unpacked npm package (scripts/build-image.sh packs it), so the image holds exactly what
# `npm install -g svc-scan-action` installs and nothing else of the repository.
#
# The base is the official node:24-slim (Debian bookworm), which keeps sh: GitLab's runner needs a shell in a job
# image. It is pinned by the digest of its multi-platform index; to refresh it, take the digest that
# https://github.com/docker-library/repo-info/blob/master/repos/node/remote/24-slim.md lists first (or
# `docker buildx imagetools inspect node:24-slim`), and keep the tag beside it.
FROM node:24-slim@sha256:cd84903a12dbd26b46f1f3b8144a2568c41c5d37ddd0c7a80a34c7a19786b35f

LABEL org.opencontainers.image.source="https://github.com/svc-scan/svc-scan-action" \
      org.opencontainers.image.description="svc: the code-security scanning service from any shell or CI" \
      org.opencontainers.image.licenses="MIT"

WORKDIR /opt/svc-scan-action
COPY package.json LICENSE README.md ./
COPY dist/ ./dist/
RUN chmod 755 /opt/svc-scan-action/dist/cli.js \
    && ln -s /opt/svc-scan-action/dist/cli.js /usr/local/bin/svc

# The base image's unprivileged user (uid 1000); its home holds ~/.svc when svc login is run in the container.
USER node
WORKDIR /home/node
ENTRYPOINT ["svc"]
CMD ["--help"]
