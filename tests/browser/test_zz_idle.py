import os, time
from tests.browser.phone import start_hadara
from tests.browser.tables import seated

def chromium_cpu():
    tot = 0
    for pid in os.listdir('/proc'):
        if not pid.isdigit(): continue
        try:
            st = open(f'/proc/{pid}/stat').read()
            if 'chrom' not in st[:st.rindex(')')]: continue
            f = st[st.rindex(')')+2:].split(); tot += int(f[11]) + int(f[12])
        except Exception: pass
    return tot / 100

def test_idle(open_context, live_server):
    host = open_context("phone").new_page()
    start_hadara(host, live_server.url)
    pages = [seated(open_context("phone"), host.url, s) for s in (0, 1)]
    time.sleep(1)
    a = chromium_cpu(); t = time.time()
    time.sleep(10)
    print("idle chromium cpu per s:", (chromium_cpu() - a) / (time.time() - t))
