#!/bin/sh
# deploy/install.sh: installs or updates the Netiz site on Debian 12, as root, from the checkout it lies in
# (normally /srv/netiz/app). Safe to run again: every step checks what is there first and keeps what the operator
# changed (the env file, the content, the keys). Walk-through: deploy/README.md.
#
#   sudo sh /srv/netiz/app/deploy/install.sh            install, or update after `git pull` in /srv/netiz/app
#
# Optional, first install only: NETIZ_SITE_URL=https://www.ornek.com.tr (written into the new env file).
# NETIZ_ROOT=/some/dir installs everything under that folder instead of / (tests: deploy/install.test.ts): no apt,
# no systemctl, users in NETIZ_ROOT/etc/passwd; `nginx -t` and `systemd-analyze verify` still check the result.
set -eu

APP_DIR=$(cd "$(dirname "$0")/.." && pwd)
ROOT=${NETIZ_ROOT:-}
SERVICE_USER=netiz
SRV=$ROOT/srv/netiz
ETC=$ROOT/etc
ENV_FILE=$ETC/netiz-site/env
NODE=$APP_DIR/node_modules/.bin/node

say() { printf '\n==> %s\n' "$*"; }
fail() { printf 'HATA: %s\n' "$*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || fail "install.sh root olarak çalışmalı (sudo sh deploy/install.sh)"
[ -f "$APP_DIR/package.json" ] && [ -f "$APP_DIR/api/server.ts" ] || fail "$APP_DIR bir Netiz çalışma kopyası değil"

# --- 1. Debian packages -----------------------------------------------------------------------------------------
if [ -z "$ROOT" ]; then
  say "Debian paketleri"
  missing=""
  for pkg in nginx-light git openssh-client nodejs npm ca-certificates openssl; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing="$missing $pkg"
  done
  # The .br copies of the export (without the module nginx serves the .gz ones).
  if apt-cache show libnginx-mod-http-brotli-static >/dev/null 2>&1; then
    dpkg -s libnginx-mod-http-brotli-static >/dev/null 2>&1 || missing="$missing libnginx-mod-http-brotli-static"
  fi
  if [ -n "$missing" ]; then
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $missing
  fi
fi

# --- 2. The service's user and group ------------------------------------------------------------------------------
say "Kullanıcı ve grup: $SERVICE_USER"
prefix=""
if [ -n "$ROOT" ]; then
  mkdir -p "$ETC"
  # A throw-away root starts from this machine's user database (useradd --prefix edits the copies).
  for f in passwd group shadow gshadow; do [ -f "$ETC/$f" ] || cp -p "/etc/$f" "$ETC/$f"; done
  prefix="--prefix $ROOT"
fi
grep -q "^$SERVICE_USER:" "$ETC/group" || groupadd $prefix --system "$SERVICE_USER"
grep -q "^$SERVICE_USER:" "$ETC/passwd" ||
  useradd $prefix --system --gid "$SERVICE_USER" --home-dir /srv/netiz/ev --no-create-home \
    --shell /usr/sbin/nologin --comment "Netiz web sitesi" "$SERVICE_USER"
uid=$(awk -F: -v u="$SERVICE_USER" '$1 == u { print $3 }' "$ETC/passwd")
gid=$(awk -F: -v u="$SERVICE_USER" '$1 == u { print $3 }' "$ETC/group")

# --- 3. Folders, owners and modes ---------------------------------------------------------------------------------
say "Klasörler: $SRV"
# owner mode path: created if missing, owner and mode set every time (an update repairs them).
folder() { mkdir -p "$3"; chown "$1" "$3"; chmod "$2" "$3"; }
folder root:root 0755 "$SRV"
folder "$uid:$gid" 0750 "$SRV/icerik"   # CONTENT_DIR: the content's git repository
folder "$uid:$gid" 0700 "$SRV/veri"     # DATA_DIR: users, messages, uploads (private)
folder "$uid:$gid" 0755 "$SRV/yayin"    # SITE_BUILD_DIR: the public export nginx serves (www-data reads it)
folder "$uid:$gid" 0700 "$SRV/ev"       # HOME of the service: git's configuration, the content remote's SSH key
folder "$uid:$gid" 0700 "$SRV/ev/.ssh"
folder root:root 0755 "$SRV/acme"       # certbot --webroot writes its challenges here; nginx serves them
# nginx includes this before the first publish too (decision 292); every publish replaces it.
if [ ! -f "$SRV/yayin/nginx-maps.conf" ]; then
  install -o "$uid" -g "$gid" -m 0644 "$APP_DIR/deploy/nginx/netiz-maps-initial.conf" "$SRV/yayin/nginx-maps.conf"
fi

# --- 4. Configuration: /etc/netiz-site/env ------------------------------------------------------------------------
say "Yapılandırma: $ENV_FILE"
folder root:root 0755 "$ETC/netiz-site"
if [ ! -f "$ENV_FILE" ]; then
  secret=$(openssl rand -base64 48 | tr -d '\n')
  sed -e "s#^SESSION_SECRET=.*#SESSION_SECRET=$secret#" \
      -e "s#^SITE_URL=.*#SITE_URL=${NETIZ_SITE_URL:-https://www.ornek.com.tr}#" \
      -e "s#/srv/netiz#$SRV#g" \
      "$APP_DIR/deploy/systemd/netiz-site.env" > "$ENV_FILE.tmp"
  mv "$ENV_FILE.tmp" "$ENV_FILE"
  echo "Yeni yapılandırma yazıldı; SITE_URL'yi ve gerekirse CONTENT_GIT_REMOTE'u düzenleyin."
fi
chown root:root "$ENV_FILE"
chmod 0600 "$ENV_FILE"
# The values the steps below need (the file is KEY=value lines, no quoting).
env_value() { sed -n "s/^$1=//p" "$ENV_FILE" | tail -n 1; }
SITE_URL=$(env_value SITE_URL)
HOST=$(env_value HOST); HOST=${HOST:-127.0.0.1}
PORT=$(env_value PORT); PORT=${PORT:-3000}
REMOTE=$(env_value CONTENT_GIT_REMOTE)
SERVER_NAME=$(printf '%s' "$SITE_URL" | sed -E 's#^[a-z]+://##; s#[:/].*$##')
[ -n "$SERVER_NAME" ] || fail "SITE_URL geçersiz: $SITE_URL"

# --- 5. The content remote's SSH key and known_hosts ----------------------------------------------------------------
say "İçerik deposu için SSH anahtarı"
key=$SRV/ev/.ssh/id_ed25519
if [ ! -f "$key" ]; then
  ssh-keygen -q -t ed25519 -N '' -C "netiz-icerik@$SERVER_NAME" -f "$key"
fi
[ -f "$SRV/ev/.ssh/known_hosts" ] || : > "$SRV/ev/.ssh/known_hosts"
chown "$uid:$gid" "$key" "$key.pub" "$SRV/ev/.ssh/known_hosts"
chmod 0600 "$key"
chmod 0644 "$key.pub" "$SRV/ev/.ssh/known_hosts"
echo "Dağıtım anahtarı (içerik deposuna yazma izniyle ekleyin): $(cat "$key.pub")"

# --- 6. The content ------------------------------------------------------------------------------------------------
if [ -z "$(ls -A "$SRV/icerik")" ]; then
  if [ -n "$REMOTE" ] && [ -z "$ROOT" ]; then
    say "İçerik deposu klonlanıyor: $REMOTE"
    if ! runuser -u "$SERVICE_USER" -- env HOME=/srv/netiz/ev git clone --quiet "$REMOTE" "$SRV/icerik"; then
      echo "Klonlanamadı: anahtarı depoya ekleyip known_hosts'u doldurun (deploy/README.md), sonra yeniden çalıştırın."
    fi
  else
    say "Örnek içerik kopyalanıyor (CONTENT_GIT_REMOTE yok)"
    cp -R "$APP_DIR/content/." "$SRV/icerik/"
    chown -R "$uid:$gid" "$SRV/icerik"
  fi
fi

# --- 7. The code: packages and builds (the service never builds into the code folder, decision 291) -----------------
say "Kod: $APP_DIR"
if [ ! -x "$NODE" ] || [ "$APP_DIR/package-lock.json" -nt "$APP_DIR/node_modules/.package-lock.json" ]; then
  (cd "$APP_DIR" && npm install --no-audit --no-fund)
fi
# The admin and the site's code for SITE_URL, as the service will load them (skipped when up to date).
(cd "$APP_DIR" && set -a && . "$ENV_FILE" && set +a && "$NODE" scripts/build-code.ts)

# --- 8. systemd units --------------------------------------------------------------------------------------------
say "systemd birimleri"
units="netiz-site.service netiz-nginx-reload.service netiz-nginx-reload.path"
mkdir -p "$ETC/systemd/system"
for unit in $units; do
  # The checkout first (a placeholder), so a checkout under /srv/netiz is not substituted twice.
  sed -e "s#/srv/netiz/app#@APP@#g" -e "s#/srv/netiz#$SRV#g" -e "s#@APP@#$APP_DIR#g" \
    -e "s#/etc/netiz-site#$ETC/netiz-site#g" "$APP_DIR/deploy/systemd/$unit" > "$ETC/systemd/system/$unit.tmp"
  chmod 0644 "$ETC/systemd/system/$unit.tmp"
  mv "$ETC/systemd/system/$unit.tmp" "$ETC/systemd/system/$unit"
done
systemd-analyze verify --man=no $(for unit in $units; do printf '%s ' "$ETC/systemd/system/$unit"; done)

# --- 9. nginx ------------------------------------------------------------------------------------------------------
say "nginx sitesi: $SERVER_NAME"
mkdir -p "$ETC/nginx/sites-available" "$ETC/nginx/sites-enabled" "$ETC/nginx/conf.d"
# TLS once the host's certificate exists (deploy/README.md, TLS): the '#tls ' lines are switched on.
tls='s/^\(\s*\)#tls .*$/&/'
if [ -f "$ETC/letsencrypt/live/$SERVER_NAME/fullchain.pem" ]; then tls='s/^\(\s*\)#tls /\1/'; fi
sed -e "s#/srv/netiz#$SRV#g" -e "s#/etc/nginx/#$ETC/nginx/#g" -e "s#/etc/letsencrypt/#$ETC/letsencrypt/#g" \
    -e "s#server 127.0.0.1:3000;#server $HOST:$PORT;#" -e "s#www.ornek.com.tr#$SERVER_NAME#g" -e "$tls" \
    "$APP_DIR/deploy/nginx/netiz-site.conf" > "$ETC/nginx/sites-available/netiz-site.conf"
install -m 0644 "$APP_DIR/deploy/nginx/netiz-proxy.conf" "$ETC/nginx/netiz-proxy.conf"
ln -sfn "$ETC/nginx/sites-available/netiz-site.conf" "$ETC/nginx/sites-enabled/netiz-site.conf"
# brotli_static only where its module is loaded (libnginx-mod-http-brotli-static enables it in modules-enabled).
if ls "$ETC/nginx/modules-enabled/" 2>/dev/null | grep -q brotli; then
  install -m 0644 "$APP_DIR/deploy/nginx/netiz-brotli.conf" "$ETC/nginx/conf.d/netiz-brotli.conf"
else
  rm -f "$ETC/nginx/conf.d/netiz-brotli.conf"
fi
nginx -t -q -c "$ETC/nginx/nginx.conf"

# --- 10. Start or restart ------------------------------------------------------------------------------------------
if [ -z "$ROOT" ] && [ -d /run/systemd/system ]; then
  say "Servisler başlatılıyor"
  systemctl daemon-reload
  systemctl enable --quiet netiz-site.service netiz-nginx-reload.path
  systemctl restart netiz-site.service
  systemctl start netiz-nginx-reload.path
  systemctl reload nginx.service || systemctl start nginx.service
  echo "Durum: systemctl status netiz-site; günlük: journalctl -u netiz-site -o cat"
fi
say "Kurulum tamam ($APP_DIR)"
