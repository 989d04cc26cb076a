# The build stage's base where no image registry can be reached: the Debian base that
# deploy/scripts/build-base.sh made, plus Node.js 22 (the project's own, from the npm package `node`)
# and npm. Elsewhere deploy/Dockerfile uses the public node:22-bookworm-slim instead.
ARG RUNTIME_BASE
FROM ${RUNTIME_BASE}
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && node --version && npm --version
