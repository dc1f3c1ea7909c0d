#!/bin/sh
# Fills the cache's nginx template from the LDF_* variables (only those: nginx's own $variables
# stay), then runs nginx in the foreground with its error log on stderr.
set -eu
names=$(env | sed -n 's/^\(LDF_[A-Z_]*\)=.*/${\1}/p' | tr '\n' ' ')
envsubst "$names" < /etc/ldf/nginx/ldf-cache.conf.template > /etc/nginx/conf.d/ldf-cache.conf
if [ -f /usr/lib/nginx/modules/ngx_http_brotli_filter_module.so ]; then
  cp /etc/ldf/nginx/ldf-brotli.conf /etc/nginx/conf.d/ldf-brotli.conf
fi
if grep -q '\${LDF_[A-Z_]*}' /etc/nginx/conf.d/ldf-cache.conf; then
  echo "error: set $(grep -o '\${LDF_[A-Z_]*}' /etc/nginx/conf.d/ldf-cache.conf | sort -u | tr '\n' ' ')" >&2
  exit 2
fi
cache="${LDF_CACHE_PATH:-/var/cache/ldf}"
mkdir -p "$cache"
chown www-data "$cache"
exec nginx -g 'daemon off; error_log stderr notice;'
