# bando — build, demo and test. `make help` lists the targets.
GO      ?= go
GOROOT  := $(shell $(GO) env GOROOT)
WASMENV := GOOS=js GOARCH=wasm GOWASM=satconv,signext
NODEBIN := $(GOROOT)/lib/wasm
PORT    ?= 8787
SHARED  ?= ../shared

.PHONY: all bando wasm worker js-deps mapkit demo demo-page test test-go test-wasm test-js test-h3 test-scenarios fuzz help sample-bundle clean

all: bando wasm

help:
	@echo "make bando          native CLI at build/bando"
	@echo "make wasm           build/bando.wasm + build/wasm_exec.js"
	@echo "make worker         the Cloudflare Worker in worker/build"
	@echo "make deploy-dry-run the Worker's sizes, bindings and deploy plan, checked offline"
	@echo "make deploy         bundle + keys + Worker to Cloudflare (BUNDLE, KEYS, DEPLOY_ARGS)"
	@echo "make demo           sample bundle + /v1 and a search page on 127.0.0.1:$(PORT)"
	@echo "make test           everything CI runs"
	@echo "make test-scenarios the OSRM testbot scenarios through the bundle builder and router"

bando:
	$(GO) build -trimpath -o build/bando ./bundle/cmd/bando

# The Worker: worker/build = app.wasm (wasm-opt -Oz when available; WASM_OPT=
# skips it), Go's wasm_exec.js, our glue, and the bundle as static assets
# (BUNDLE=dir); the manifest also goes into the script (build/manifest.bin)
# when it fits (EMBED_MANIFEST=auto|yes|no, see worker/embed-manifest.sh).
# Prints the upload size.
worker: BUNDLE ?= testdata/bundle
worker: WASM_OPT ?= wasm-opt
worker: EMBED_MANIFEST ?= auto
worker:
	test -f $(BUNDLE)/manifest.json || (echo "worker: no bundle at BUNDLE=$(BUNDLE)" >&2; exit 1)
	rm -rf worker/build
	mkdir -p worker/build/assets
	# PAGE=build/demo-page (after make demo-page): the demo page too, served at / (worker/README.md)
	if [ -n "$(PAGE)" ]; then cp -R $(PAGE) worker/build/assets/page; fi
	rm -rf worker/warmup && cp -R testdata/bundle worker/warmup
	$(WASMENV) $(GO) build -trimpath -tags warmup -ldflags="-s -w" -o worker/build/app.wasm ./worker
	rm -rf worker/warmup
	if [ -n "$(WASM_OPT)" ] && command -v $(WASM_OPT) >/dev/null 2>&1; then \
		$(WASM_OPT) -Oz --enable-bulk-memory --enable-sign-ext --enable-nontrapping-float-to-int \
			worker/build/app.wasm -o worker/build/app.opt.wasm && mv worker/build/app.opt.wasm worker/build/app.wasm; \
	else echo "worker: no wasm-opt (WASM_OPT=$(WASM_OPT)), app.wasm not optimised"; fi
	cp $(GOROOT)/lib/wasm/wasm_exec.js worker/build/wasm_exec.js
	cp worker/src/index.mjs worker/build/index.mjs
	cp $(BUNDLE)/manifest.json worker/build/assets/
	# loose tiles, or a packed bundle's directory and archives (core/tile/SPEC.md §9)
	if [ -d $(BUNDLE)/tiles ]; then cp -R $(BUNDLE)/tiles worker/build/assets/tiles; fi
	if [ -f $(BUNDLE)/tiles.dir ]; then cp $(BUNDLE)/tiles.dir worker/build/assets/ && cp -R $(BUNDLE)/packs worker/build/assets/packs; fi
	sh worker/embed-manifest.sh worker/build $(EMBED_MANIFEST)
	sh worker/size.sh worker/build

wasm:
	mkdir -p build
	$(WASMENV) $(GO) build -trimpath -ldflags="-s -w" -o build/bando.wasm ./wasm
	cp $(GOROOT)/lib/wasm/wasm_exec.js build/wasm_exec.js
	mkdir -p js/dist && cp build/bando.wasm build/wasm_exec.js js/dist/

js-deps:
	cd js && (test -d node_modules || npm ci --no-audit --no-fund)

# The checked-in fixture bundle; `make test` checks it is up to date.
sample-bundle: bando
	./build/bando build -q --osm testdata/sample.osm --osm testdata/route/rules.osm --admin testdata/admin --out testdata/bundle

# The demo page: js/demo + the package's modules and wasm + MapLibre GL JS
# from npm, vendored (no CDN) into build/demo-page.
demo-page: wasm js-deps mapkit
	rm -rf build/demo-page
	mkdir -p build/demo-page/vendor build/demo-page/bando/dist
	cp -R js/demo/* build/demo-page/
	cp js/bando.mjs js/offline.mjs js/manifest.mjs js/basemap.mjs js/style.mjs build/demo-page/bando/
	cp -R js/dist/bando.wasm js/dist/wasm_exec.js js/dist/glyphs js/dist/sprite* build/demo-page/bando/dist/
	cp js/dist/icon-192.png js/dist/icon-512.png build/demo-page/
	cp js/node_modules/maplibre-gl/dist/maplibre-gl.js js/node_modules/maplibre-gl/dist/maplibre-gl.css js/node_modules/maplibre-gl/LICENSE.txt build/demo-page/vendor/

# The style's glyphs and sprite (js/style.mjs) into js/dist: Noto Sans
# (OFL) and Maki icons (CC0) from npm, rendered by bundle/cmd/mapkit.
NPM_FONT = js/node_modules/@expo-google-fonts/noto-sans
mapkit: js-deps
	mkdir -p js/dist
	$(GO) run ./bundle/cmd/mapkit --regular $(NPM_FONT)/400Regular/NotoSans_400Regular.ttf \
		--bold $(NPM_FONT)/700Bold/NotoSans_700Bold.ttf --icons js/node_modules/@mapbox/maki/icons --out js/dist
	cp $(NPM_FONT)/LICENSE_FONT js/dist/glyphs/OFL.txt

# DEMO_OSM=../shared/data/vn2021/hanoi.osm.pbf DEMO_ADMIN=../shared/data/admin for a real city.
DEMO_OSM   ?= testdata/sample.osm testdata/route/rules.osm
DEMO_ADMIN ?= testdata/admin
demo: bando demo-page
	./build/bando build $(addprefix --osm ,$(DEMO_OSM)) --admin $(DEMO_ADMIN) --out build/demo-bundle
	@echo "demo: open http://127.0.0.1:$(PORT)/ or curl '127.0.0.1:$(PORT)/v1/autocomplete?text=pho%20hue&apikey=demo-key'"
	./build/bando serve --bundle build/demo-bundle --addr 127.0.0.1:$(PORT) --keys testdata/keys.txt --page build/demo-page

test: test-go test-wasm test-js test-h3 test-scenarios

test-go:
	$(GO) vet ./...
	$(GO) test ./...

# Core packages under GOOS=js GOARCH=wasm in Node (httpserve needs sockets).
WASMPKGS = $(shell $(GO) list ./core/... | grep -v -e /httpserve -e /internal/)
test-wasm:
	PATH="$(NODEBIN):$$PATH" $(WASMENV) $(GO) test -short $(WASMPKGS)

# The contract suite in wasm/Node, the Worker under workerd (Miniflare) and
# headless Chromium (needs /usr/bin/chromium or CHROMIUM=path), plus any
# other js/test/*.test.mjs.
test-js: wasm worker js-deps bando demo-page
	node --test js/test/*.test.mjs

# The OSRM testbot scenarios (../shared/peer/osrm-testbot): each map built
# with the real bundle builder and routed with the testbot profile; prints
# `N passed, M failed, K skipped`; fails on any failure that
# bundle/scenario/known-failures.txt does not list (each listed one is an
# engine gap with its reason) and on a listed one that now passes.
test-scenarios: bando
	./build/bando scenarios --known bundle/scenario/known-failures.txt $(SHARED)/peer/osrm-testbot/features

# Regenerates the counts and skip list in bundle/scenario/SCENARIOS.md.
scenarios-md: bando
	-./build/bando scenarios --md build/scenarios.md $(SHARED)/peer/osrm-testbot/features > /dev/null
	sed -n '1,/^<!-- generated/p' bundle/scenario/SCENARIOS.md > build/SCENARIOS.head
	cat build/SCENARIOS.head build/scenarios.md > bundle/scenario/SCENARIOS.md

.PHONY: test-worker test-browser deploy-dry-run deploy scenarios-md
test-worker: worker js-deps
	node --test js/test/contract.worker.test.mjs js/test/worker-access.test.mjs

# Offline: build the Worker, `wrangler deploy --dry-run`, check sizes,
# asset limits and bindings (PLAN=paid for the paid plan's limits).
deploy-dry-run: worker js-deps bando
	sh worker/deploy-check.sh
	node worker/deploy.mjs --dry-run --keys $(KEYS) $(DEPLOY_ARGS)

# One command from a bundle to a live Worker (worker/deploy.mjs): finds or
# creates the KV namespace, loads KEYS, puts the bundle in the assets or R2
# as its size requires, writes the configuration and deploys.
# DEPLOY_ARGS: --env NAME, --domain HOST | --route PATTERN --zone ZONE,
# --plan free|paid, --storage auto|assets|r2, --bucket NAME.
KEYS ?= testdata/keys.txt
deploy: worker js-deps bando
	node worker/deploy.mjs --keys $(KEYS) $(DEPLOY_ARGS)

test-browser: wasm js-deps
	node --test js/test/contract.browser.test.mjs

# h3port: its wasm build tested in Node, then parity with h3-js on
# H3_PARITY_COUNT seeded random inputs (default 1,000,000).
test-h3:
	bash h3port/testjs/test.sh

fuzz:
	sh .ci/fuzz.sh

clean:
	rm -rf build worker/build

# The demo page in headless Chromium: download, network cut, offline answers;
# screenshots in build/test-output/.
.PHONY: test-demo
test-demo: bando demo-page
	node --test js/test/demo.browser.test.mjs
