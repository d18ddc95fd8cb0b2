"""Scripted normal multi-step agent tasks: legitimate work that repeats tools with different
inputs. Each task is a list of ``Action``s in the order the model took them, with what the tool
returned. The loop guard must not mitigate any of them.

Written to look like what an Agent Zero agent does: terminal commands through
``code_execution_tool``, memory tools, web search, documents, subordinates.
"""

from __future__ import annotations

from festinger.core.loops import Action

from .task_actions import (api_page, done, edit_and_test, git_page, paging, poll_with_backoff, py, read_files,
                           search_page, sh, sql_page, tool)


TASKS: dict[str, list[Action]] = {
    # --- reading several files ---
    "read-python-package": read_files("src/shop", {
        "__init__.py": "from .cart import Cart\nfrom .order import Order",
        "cart.py": "class Cart:\n    def __init__(self):\n        self.items = []",
        "order.py": "class Order:\n    def total(self):\n        return sum(i.price for i in self.items)",
        "payment.py": "def charge(card, amount):\n    raise NotImplementedError",
    }),
    "read-config-files": read_files("/etc/myapp", {
        "app.yml": "port: 8080\nworkers: 4", "db.yml": "host: db.internal\npool: 10",
        "cache.yml": "redis: redis://cache:6379/0", "logging.yml": "level: INFO\nformat: json",
    }),
    "read-numbered-chapters": read_files("book", {
        "chapter1.md": "# Chapter 1\nIt was a bright cold day in April.",
        "chapter2.md": "# Chapter 2\nThe clocks were striking thirteen.",
        "chapter3.md": "# Chapter 3\nWinston dreamed of his mother.",
        "chapter4.md": "# Chapter 4\nThe Ministry of Truth.",
    }),
    "read-logs-of-three-days": [
        sh("zcat /var/log/nginx/access.log.3.gz | grep ' 500 ' | wc -l", "17"),
        sh("zcat /var/log/nginx/access.log.2.gz | grep ' 500 ' | wc -l", "4"),
        sh("cat /var/log/nginx/access.log.1 | grep ' 500 ' | wc -l", "212"),
        sh("grep ' 500 ' /var/log/nginx/access.log.1 | awk '{print $7}' | sort | uniq -c | sort -rn | head -3",
           "  198 /api/checkout\n    9 /api/cart\n    5 /login"),
        done("The 500s spiked yesterday, almost all on /api/checkout."),
    ],
    "read-migration-files": read_files("db/migrations", {
        "0001_init.sql": "CREATE TABLE users (id serial primary key);",
        "0002_add_email.sql": "ALTER TABLE users ADD COLUMN email text;",
        "0003_orders.sql": "CREATE TABLE orders (id serial, user_id int references users);",
    }),
    "read-js-components": read_files("web/src/components", {
        "Header.tsx": "export function Header() { return <nav/> }",
        "Footer.tsx": "export function Footer() { return <footer>(c) 2026</footer> }",
        "Sidebar.tsx": "export const Sidebar = ({items}) => items.map(i => <Item {...i}/>)",
    }),
    # --- running tests after each edit ---
    "fix-login-test": edit_and_test("~/proj/api", [
        ("api/auth.py", "-    if user.password == pw:\n+    if check_hash(user.password, pw):",
         "FAILED tests/test_api.py::test_login - NameError: name 'check_hash' is not defined\n1 failed, 41 passed"),
        ("api/auth.py", "+from .crypto import check_hash", "42 passed in 3.1s"),
    ]),
    "fix-three-failures": edit_and_test("~/proj/api", [
        ("api/models.py", "+    email: str = ''", "FAILED tests/test_models.py::test_order_total - assert 0 == 30\n2 failed, 40 passed"),
        ("api/order.py", "-    return 0\n+    return sum(i.price for i in self.items)", "FAILED tests/test_cart.py::test_empty - TypeError\n1 failed, 41 passed"),
        ("api/cart.py", "+        self.items = []", "42 passed in 3.4s"),
    ]),
    "same-failure-after-two-edits": edit_and_test("~/proj/cli", [
        ("cli/main.py", "+    args = parser.parse_args(argv)", "FAILED tests/test_cli.py::test_help - SystemExit: 2\n1 failed, 12 passed"),
        ("cli/main.py", "+    parser.add_argument('--verbose', action='store_true')", "FAILED tests/test_cli.py::test_help - SystemExit: 2\n1 failed, 12 passed"),
        ("cli/main.py", "-    sys.exit(2)\n+    return 0", "13 passed in 0.8s"),
    ]),
    "typescript-build-after-edits": [
        sh("npm run build", "src/app.ts(12,5): error TS2322: Type 'string' is not assignable to type 'number'."),
        tool("text_editor", "Edited src/app.ts: 1 hunk applied", op="patch", path="src/app.ts", patch="-  port: '3000'\n+  port: 3000"),
        sh("npm run build", "src/db.ts(40,9): error TS2339: Property 'close' does not exist on type 'Pool'."),
        tool("text_editor", "Edited src/db.ts: 1 hunk applied", op="patch", path="src/db.ts", patch="-  pool.close()\n+  await pool.end()"),
        sh("npm run build", "Compiled successfully in 4.2s"),
        sh("npm test", "Tests: 58 passed, 58 total"),
        done("Build and tests are green."),
    ],
    "go-vet-and-test": [
        sh("go vet ./...", "./server.go:88:2: unreachable code"),
        tool("text_editor", "Edited server.go", op="patch", path="server.go", patch="-\treturn\n"),
        sh("go vet ./...", ""),
        sh("go test ./...", "ok  \texample.com/server\t0.412s\nok  \texample.com/store\t0.105s"),
        done("vet clean, tests pass"),
    ],
    "rust-clippy-cycle": [
        sh("cargo clippy", "warning: this `if` has identical blocks --> src/lib.rs:30:5"),
        tool("text_editor", "Edited src/lib.rs", op="patch", path="src/lib.rs", patch="-    if a { x } else { x }\n+    x"),
        sh("cargo clippy", "warning: unused variable: `a` --> src/lib.rs:28:9"),
        tool("text_editor", "Edited src/lib.rs", op="patch", path="src/lib.rs", patch="-    let a = flag;"),
        sh("cargo clippy", "Finished dev [unoptimized + debuginfo] target(s) in 1.92s"),
        sh("cargo test", "test result: ok. 23 passed; 0 failed"),
        done("clippy clean"),
    ],
    # --- polling a job with a backoff ---
    "poll-docker-build": poll_with_backoff("docker build -t app:dev . > /tmp/build.log 2>&1 &", "tail -n 1 /tmp/build.log",
                                           "docker build", ["Step 3/12 : RUN pip install -r requirements.txt",
                                                            "Step 3/12 : RUN pip install -r requirements.txt",
                                                            "Step 9/12 : COPY . /app", "Successfully tagged app:dev"]),
    "poll-ci-pipeline": poll_with_backoff("gh workflow run ci.yml", "gh run list --limit 1 --json status -q '.[0].status'",
                                          "CI run", ["queued", "in_progress", "in_progress", "in_progress", "completed"]),
    "poll-k8s-rollout": poll_with_backoff("kubectl apply -f deploy.yaml", "kubectl rollout status deploy/web --timeout=1s",
                                          "rollout", ["Waiting for deployment \"web\" rollout to finish: 1 of 3 updated replicas are available...",
                                                      "Waiting for deployment \"web\" rollout to finish: 1 of 3 updated replicas are available...",
                                                      "Waiting for deployment \"web\" rollout to finish: 2 of 3 updated replicas are available...",
                                                      "deployment \"web\" successfully rolled out"]),
    "poll-export-job": poll_with_backoff("curl -X POST https://api.example.com/exports -d '{\"table\":\"orders\"}'",
                                         "curl -s https://api.example.com/exports/4711 | jq -r .state",
                                         "export 4711", ["running", "running", "running", "running", "done"]),
    "poll-training-run": poll_with_backoff("nohup python train.py --epochs 3 > train.log &", "grep -c 'epoch done' train.log",
                                           "training", ["0", "0", "1", "2", "3"]),
    "poll-db-restore": [
        sh("pg_restore -d shop backup.dump &", "[1] 4242"),
        sh("sleep 5 && ps -p 4242 -o stat=", "R"),
        sh("sleep 10 && ps -p 4242 -o stat=", "R"),
        sh("sleep 20 && ps -p 4242 -o stat=", "R"),
        sh("sleep 40 && ps -p 4242 -o stat=", ""),
        sh("psql shop -c 'select count(*) from orders'", " count \n-------\n 120433"),
        done("Restore finished: 120433 orders."),
    ],
    "poll-http-until-up": [
        sh("systemctl restart myapp", ""),
        sh("sleep 1; curl -s -o /dev/null -w '%{http_code}' localhost:8080/health", "000"),
        sh("sleep 2; curl -s -o /dev/null -w '%{http_code}' localhost:8080/health", "000"),
        sh("sleep 4; curl -s -o /dev/null -w '%{http_code}' localhost:8080/health", "503"),
        sh("sleep 8; curl -s -o /dev/null -w '%{http_code}' localhost:8080/health", "200"),
        done("myapp is back up."),
    ],
    # --- paging through results ---
    "page-issues-api": paging(api_page, ['"Login fails on Safari"\n"Dark mode flicker"', '"Export CSV empty"\n"Typo in footer"',
                                          '"Slow search"\n"404 on /help"', '"Crash on upload"', "[]"]),
    "page-sql-users": paging(sql_page, ["[(1, 'ann@x.org'), (2, 'bob@x.org'), ...98 more]", "[(101, 'cy@x.org'), ...99 more]",
                                         "[(201, 'dee@x.org'), ...99 more]", "[(301, 'eve@x.org'), (302, 'fay@x.org')]"]),
    "page-git-log": paging(git_page, ["a1b2c3d Add cart\n9f8e7d6 Fix login", "1a2b3c4 Bump deps\n5d6e7f8 CI cache",
                                       "0a0b0c0 Initial commit"]),
    "page-search-results": paging(search_page, ["1. Monitoring replication lag - postgresql.org\n2. pg_stat_replication explained",
                                                 "11. Logical decoding slots - severalnines\n12. Slot bloat - crunchydata",
                                                 "21. wal_keep_size tuning - stackoverflow"]),
    "page-s3-listing": [
        sh("aws s3api list-objects-v2 --bucket logs --max-items 1000", '{"Contents": [...1000 keys], "NextToken": "eyJNYXJrZXIiOiAibG9ncy8yMDI2LTAxIn0="}'),
        sh("aws s3api list-objects-v2 --bucket logs --max-items 1000 --starting-token eyJNYXJrZXIiOiAibG9ncy8yMDI2LTAxIn0=",
           '{"Contents": [...1000 keys], "NextToken": "eyJNYXJrZXIiOiAibG9ncy8yMDI2LTA2In0="}'),
        sh("aws s3api list-objects-v2 --bucket logs --max-items 1000 --starting-token eyJNYXJrZXIiOiAibG9ncy8yMDI2LTA2In0=",
           '{"Contents": [...312 keys]}'),
        done("2312 objects in the logs bucket."),
    ],
    # --- retrying after a fix ---
    "retry-after-pip-install": [
        py("import yaml\nprint(yaml.safe_load(open('conf.yml')))", "ModuleNotFoundError: No module named 'yaml'"),
        sh("pip install pyyaml", "Successfully installed PyYAML-6.0.2"),
        py("import yaml\nprint(yaml.safe_load(open('conf.yml')))", "{'port': 8080, 'debug': False}"),
        done("port 8080, debug off"),
    ],
    "retry-after-network-flake": [
        sh("git pull --rebase", "fatal: unable to access 'https://github.com/acme/app.git/': Could not resolve host: github.com"),
        sh("git pull --rebase", "Updating 3f2a1c0..9b8d7e6\nFast-forward\n src/app.py | 4 ++--"),
        sh("pytest -q", "42 passed"),
        done("pulled and tested"),
    ],
    "retry-after-permission-fix": [
        sh("./deploy.sh staging", "bash: ./deploy.sh: Permission denied"),
        sh("chmod +x deploy.sh", ""),
        sh("./deploy.sh staging", "Deploying to staging... done (build 8812)"),
        done("Deployed build 8812 to staging."),
    ],
    "retry-after-port-conflict": [
        sh("python -m http.server 8000", "OSError: [Errno 98] Address already in use"),
        sh("lsof -i :8000 -t", "3131"),
        sh("kill 3131", ""),
        sh("python -m http.server 8000 &", "Serving HTTP on 0.0.0.0 port 8000"),
        done("Server running on 8000."),
    ],
    "retry-after-config-fix": [
        sh("docker compose up -d", "service \"db\" refers to undefined volume pgdata: invalid compose project"),
        tool("text_editor", "Edited docker-compose.yml", op="patch", path="docker-compose.yml", patch="+volumes:\n+  pgdata:"),
        sh("docker compose up -d", " Container app-db-1  Started\n Container app-web-1  Started"),
        sh("docker compose ps", "app-db-1 running\napp-web-1 running"),
        done("Both containers are up."),
    ],
    "retry-after-typo": [
        sh("kubectl get pods -n prodution", "No resources found in prodution namespace."),
        sh("kubectl get pods -n production", "web-7d9c 1/1 Running\nworker-5f6a 1/1 Running"),
        done("2 pods running in production."),
    ],
    # --- memory and knowledge ---
    "save-several-facts": [
        tool("memory_save", "Memory saved with id 0f3a9c2e11", text="User prefers answers in German."),
        tool("memory_save", "Memory saved with id 7b1d44e0a2", text="The staging server is staging.acme.internal."),
        tool("memory_save", "Memory saved with id c9e2f7183b", text="Deployments happen on Tuesdays after 14:00 CET."),
        tool("memory_save", "Memory saved with id 55a0bd91fe", text="The billing team owns the invoices service."),
        done("Saved four facts."),
    ],
    "load-memories-different-queries": [
        tool("memory_load", "No memories found for specified query: deploy schedule", query="deploy schedule", threshold=0.7),
        tool("memory_load", "No memories found for specified query: release day", query="release day", threshold=0.7),
        tool("memory_load", "Deployments happen on Tuesdays after 14:00 CET.", query="when do we deploy", threshold=0.6),
        done("We deploy on Tuesdays after 14:00 CET."),
    ],
    "forget-outdated": [
        tool("memory_load", "id=a1: The API runs on port 8000.\nid=b2: The API runs on port 9000.", query="api port"),
        tool("memory_delete", "Memories deleted: 1", ids="a1"),
        tool("memory_load", "id=b2: The API runs on port 9000.", query="api port"),
        done("Kept port 9000."),
    ],
    # --- web research ---
    "web-research": [
        tool("search_engine", "1. FastAPI lifespan events - fastapi.tiangolo.com\n2. Startup events deprecated", query="fastapi startup event deprecated"),
        tool("browser_agent", "The page says: use the lifespan parameter with an async context manager.", message="open fastapi.tiangolo.com/advanced/events and summarise", reset="true"),
        tool("search_engine", "1. Lifespan with state - github discussions #9212", query="fastapi lifespan state example"),
        tool("browser_agent", "Example: app = FastAPI(lifespan=lifespan); yield {'db': pool}", message="open github discussion 9212 and copy the example", reset="false"),
        done("Use lifespan= with an async context manager."),
    ],
    "compare-three-libraries": [
        tool("search_engine", "httpx 0.28 - async and sync, HTTP/2", query="httpx features"),
        tool("search_engine", "aiohttp 3.11 - async only, websockets", query="aiohttp features"),
        tool("search_engine", "requests 2.32 - sync only, most used", query="requests features"),
        done("httpx if you need both sync and async."),
    ],
    # --- data analysis ---
    "csv-analysis": [
        py("import pandas as pd\ndf = pd.read_csv('sales.csv')\nprint(df.shape)", "(10432, 7)"),
        py("print(df.columns.tolist())", "['date', 'region', 'product', 'units', 'price', 'discount', 'channel']"),
        py("print(df.groupby('region').units.sum())", "north 21033\nsouth 18320\neast 9921\nwest 15002"),
        py("print(df.groupby('channel').price.mean().round(2))", "online 19.99\nretail 24.5"),
        py("df['revenue'] = df.units * df.price\nprint(df.revenue.sum())", "1540333.12"),
        done("Revenue 1.54M; north sells most."),
    ],
    "log-statistics": [
        py("lines = open('app.log').read().splitlines()\nprint(len(lines))", "50211"),
        py("print(sum('ERROR' in l for l in lines))", "312"),
        py("print(sum('WARN' in l for l in lines))", "1980"),
        py("import collections\nprint(collections.Counter(l.split()[3] for l in lines if 'ERROR' in l).most_common(3))",
           "[('db.pool', 201), ('http.client', 77), ('auth', 34)]"),
        done("Most errors come from the db pool."),
    ],
    "plot-series": [
        py("import matplotlib\nmatplotlib.use('Agg')", ""),
        py("plt.plot(df.date, df.units)\nplt.savefig('units.png')", ""),
        py("plt.clf(); plt.plot(df.date, df.price)\nplt.savefig('price.png')", ""),
        sh("ls -la *.png", "-rw-r--r-- 1 root root 40212 units.png\n-rw-r--r-- 1 root root 38111 price.png"),
        done("Saved units.png and price.png."),
    ],
    # --- git work ---
    "git-commit-flow": [
        sh("git status --short", " M src/app.py\n M src/db.py\n?? notes.txt"),
        sh("git diff src/app.py", "-    port = 8000\n+    port = int(os.environ.get('PORT', 8000))"),
        sh("git diff src/db.py", "-    pool = 5\n+    pool = 10"),
        sh("git add src/app.py src/db.py", ""),
        sh("git commit -m 'Configurable port, bigger pool'", "[main 4e5f6a7] Configurable port, bigger pool\n 2 files changed"),
        sh("git push", "To github.com:acme/app.git\n   9b8d7e6..4e5f6a7  main -> main"),
        done("Committed and pushed 4e5f6a7."),
    ],
    "git-bisect": [
        sh("git bisect start HEAD v1.2.0", "Bisecting: 12 revisions left to test after this (roughly 4 steps)\n[a1b2c3d] Refactor cart"),
        sh("pytest -q tests/test_cart.py", "1 failed"), sh("git bisect bad", "Bisecting: 6 revisions left\n[d4e5f6a] Add coupons"),
        sh("pytest -q tests/test_cart.py", "3 passed"), sh("git bisect good", "Bisecting: 2 revisions left\n[b7c8d9e] Round prices"),
        sh("pytest -q tests/test_cart.py", "1 failed"), sh("git bisect bad", "Bisecting: 0 revisions left\n[c0d1e2f] Cache totals"),
        sh("pytest -q tests/test_cart.py", "3 passed"), sh("git bisect good", "b7c8d9e is the first bad commit"),
        sh("git bisect reset", "Previous HEAD position was c0d1e2f"),
        done("b7c8d9e (Round prices) broke the cart test."),
    ],
    "rebase-conflicts": [
        sh("git rebase main", "CONFLICT (content): Merge conflict in src/app.py"),
        tool("text_editor", "Edited src/app.py", op="patch", path="src/app.py", patch="-<<<<<<< HEAD\n..."),
        sh("git add src/app.py && git rebase --continue", "CONFLICT (content): Merge conflict in src/db.py"),
        tool("text_editor", "Edited src/db.py", op="patch", path="src/db.py", patch="-<<<<<<< HEAD\n..."),
        sh("git add src/db.py && git rebase --continue", "Successfully rebased and updated refs/heads/feature."),
        done("Rebased."),
    ],
    # --- debugging a service ---
    "debug-endpoints": [
        sh("curl -s localhost:8080/api/users | head -c 200", '[{"id":1,"name":"ann"}]'),
        sh("curl -s localhost:8080/api/orders | head -c 200", '{"error":"internal"}'),
        sh("curl -s localhost:8080/api/products | head -c 200", '[{"id":9,"name":"lamp"}]'),
        sh("journalctl -u myapp -n 20 --no-pager", "KeyError: 'customer_id' in orders.py:52"),
        tool("text_editor", "Edited orders.py", op="patch", path="orders.py", patch="-row['customer_id']\n+row.get('customer_id')"),
        sh("systemctl restart myapp && sleep 2 && curl -s localhost:8080/api/orders | head -c 200", '[{"id":3,"total":30}]'),
        done("Fixed the orders endpoint."),
    ],
    "disk-space-hunt": [
        sh("df -h /", "/dev/sda1  50G  48G  2.0G  96% /"),
        sh("du -sh /var/* 2>/dev/null | sort -h | tail -3", "1.2G /var/cache\n3.4G /var/lib\n30G /var/log"),
        sh("du -sh /var/log/* | sort -h | tail -3", "200M /var/log/syslog\n1.1G /var/log/journal\n28G /var/log/myapp"),
        sh("ls -la /var/log/myapp | tail -3", "debug.log.1 9G\ndebug.log.2 9G\ndebug.log 10G"),
        sh("rm /var/log/myapp/debug.log.1 /var/log/myapp/debug.log.2", ""),
        sh("df -h /", "/dev/sda1  50G  30G  20G  60% /"),
        done("Freed 18 GB of old debug logs."),
    ],
    "dns-check-hosts": [
        sh("dig +short api.acme.com", "203.0.113.10"),
        sh("dig +short www.acme.com", "203.0.113.11"),
        sh("dig +short mail.acme.com", ""),
        sh("dig +short MX acme.com", "10 mx1.mailhost.net."),
        done("mail.acme.com has no A record; MX is mx1.mailhost.net."),
    ],
    # --- batch file work ---
    "move-quarterly-reports": [
        sh("mkdir -p archive/2025", ""),
        sh("mv reports/report_q1.pdf archive/2025/", ""),
        sh("mv reports/report_q2.pdf archive/2025/", ""),
        sh("mv reports/report_q3.pdf archive/2025/", ""),
        sh("mv reports/report_q4.pdf archive/2025/", ""),
        sh("ls archive/2025", "report_q1.pdf report_q2.pdf report_q3.pdf report_q4.pdf"),
        done("Archived the four 2025 reports."),
    ],
    "write-service-configs": [
        tool("text_editor", "File written: /etc/app/worker1.conf", op="write", path="/etc/app/worker1.conf", content="port=9001\nqueue=default"),
        tool("text_editor", "File written: /etc/app/worker2.conf", op="write", path="/etc/app/worker2.conf", content="port=9002\nqueue=default"),
        tool("text_editor", "File written: /etc/app/worker3.conf", op="write", path="/etc/app/worker3.conf", content="port=9003\nqueue=default"),
        sh("systemctl restart app-worker@{1,2,3}", ""),
        done("Three workers configured."),
    ],
    "resize-images": [
        sh("convert img/photo_001.jpg -resize 50% out/photo_001.jpg", ""),
        sh("convert img/photo_002.jpg -resize 50% out/photo_002.jpg", ""),
        sh("convert img/photo_003.jpg -resize 50% out/photo_003.jpg", ""),
        sh("convert img/photo_004.jpg -resize 50% out/photo_004.jpg", ""),
        sh("ls out | wc -l", "4"),
        done("Resized four photos."),
    ],
    "download-datasets": [
        sh("wget -q https://data.example.org/2023.csv -O data/2023.csv && wc -l data/2023.csv", "88211 data/2023.csv"),
        sh("wget -q https://data.example.org/2024.csv -O data/2024.csv && wc -l data/2024.csv", "91005 data/2024.csv"),
        sh("wget -q https://data.example.org/2025.csv -O data/2025.csv && wc -l data/2025.csv", "47730 data/2025.csv"),
        done("Downloaded three years."),
    ],
    "create-user-accounts": [
        sh("useradd -m alice && echo ok", "ok"),
        sh("useradd -m bob && echo ok", "ok"),
        sh("useradd -m carol && echo ok", "ok"),
        sh("getent passwd alice bob carol | cut -d: -f1", "alice\nbob\ncarol"),
        done("Created alice, bob and carol."),
    ],
    # --- subordinates and mixed work ---
    "delegate-subtasks": [
        tool("call_subordinate", "The README has install, usage and license sections.", message="Read README.md and list its sections", reset="true"),
        tool("call_subordinate", "CHANGELOG: 1.3.0 added coupons; 1.2.1 fixed login.", message="Summarise CHANGELOG.md", reset="true"),
        tool("call_subordinate", "3 open TODOs in src/.", message="Count TODO comments in src/", reset="true"),
        done("Report ready."),
    ],
    "scheduler-setup": [
        tool("scheduler:list_tasks", "[]"),
        tool("scheduler:create_scheduled_task", "Task 'backup' created (id 5e1f)", name="backup", schedule="0 2 * * *", prompt="Run the backup"),
        tool("scheduler:create_scheduled_task", "Task 'report' created (id 77ab)", name="report", schedule="0 8 * * 1", prompt="Weekly report"),
        tool("scheduler:list_tasks", "[backup 0 2 * * *, report 0 8 * * 1]"),
        done("Two tasks scheduled."),
    ],
    "benchmark-sizes": [
        py("print(timeit(lambda: sort(data[:1000]), number=100))", "0.0213"),
        py("print(timeit(lambda: sort(data[:10000]), number=100))", "0.2871"),
        py("print(timeit(lambda: sort(data[:100000]), number=100))", "3.9022"),
        done("Roughly n log n."),
    ],
    "check-service-status-each": [
        sh("systemctl is-active nginx", "active"),
        sh("systemctl is-active postgresql", "active"),
        sh("systemctl is-active redis", "inactive"),
        sh("systemctl start redis && systemctl is-active redis", "active"),
        done("redis was down; started it."),
    ],
    "ping-hosts": [
        sh("ping -c 1 -W 1 10.0.0.1 | tail -1", "rtt min/avg/max/mdev = 0.321/0.321/0.321/0.000 ms"),
        sh("ping -c 1 -W 1 10.0.0.2 | tail -1", "rtt min/avg/max/mdev = 0.402/0.402/0.402/0.000 ms"),
        sh("ping -c 1 -W 1 10.0.0.3 | tail -1", "1 packets transmitted, 0 received, 100% packet loss"),
        sh("ping -c 1 -W 1 10.0.0.4 | tail -1", "rtt min/avg/max/mdev = 0.377/0.377/0.377/0.000 ms"),
        done("10.0.0.3 is unreachable."),
    ],
    "translate-paragraphs": [
        Action(response="Translating paragraph 1 of 3: Der Bericht beschreibt ...", tool=None),
        Action(response="Translating paragraph 2 of 3: Die Ergebnisse zeigen ...", tool=None),
        Action(response="Translating paragraph 3 of 3: Zusammenfassend ...", tool=None),
        done("Translation finished."),
    ],
    "api-rate-limited-backoff": [
        sh("curl -s -w ' %{http_code}' https://api.example.com/v1/report", "{\"error\":\"rate limited\"} 429"),
        sh("sleep 2 && curl -s -w ' %{http_code}' https://api.example.com/v1/report", "{\"error\":\"rate limited\"} 429"),
        sh("sleep 4 && curl -s -w ' %{http_code}' https://api.example.com/v1/report", "{\"error\":\"rate limited\"} 429"),
        sh("sleep 8 && curl -s -w ' %{http_code}' https://api.example.com/v1/report", "{\"rows\": 120} 200"),
        done("Report has 120 rows."),
    ],
    "install-and-verify-tools": [
        sh("apt-get install -y jq", "Setting up jq (1.7.1-3) ..."),
        sh("jq --version", "jq-1.7.1"),
        sh("apt-get install -y ripgrep", "Setting up ripgrep (14.1.0-1) ..."),
        sh("rg --version", "ripgrep 14.1.0"),
        done("jq and ripgrep installed."),
    ],
    "grep-across-repo": [
        sh("rg -n 'TODO' src/ | head", "src/app.py:12: # TODO retry\nsrc/db.py:88: # TODO pool size"),
        sh("rg -n 'FIXME' src/ | head", "src/cart.py:40: # FIXME rounding"),
        sh("rg -n 'XXX' src/ | head", ""),
        sh("rg -n 'HACK' src/ | head", ""),
        done("2 TODOs, 1 FIXME."),
    ],
}
