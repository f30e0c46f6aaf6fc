/* SPDX-License-Identifier: MIT */
/* python3 for --worker-cmd and --eval-cmd. The run directory's bin/ holds
 * python3 and python: scripts that run the interpreter taups was built for
 * (configure's PYTHON) with this taups's package first on PYTHONPATH, and
 * the commands' PATH starts there. So "python3 worker.py" runs against the
 * taups of this launcher, the build tree's beside a launcher in the build
 * tree and the installed one beside an installed launcher, whatever
 * python3 comes first on the user's PATH (pyenv, conda, a venv) and with
 * no PYTHONPATH of the user's. The package goes first even where the
 * interpreter would find an installed one on its own, since a taups of
 * another version (a pip install in the user's site) must not win. A
 * command that names an interpreter by its path gets that one and the
 * packages it has (pip install ./python in a venv). The scripts stay in
 * the run directory, to run a worker again by hand as it ran.
 * Must NOT start processes: cluster.c puts bin/ on the commands' PATH. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "launch.h"
#include "tps_tool.h"

/* A directory holding the taups package, tried in order: the build tree's
 * python/ (a launcher in BUILD/tools), then the install's (a launcher in
 * EXEC_PREFIX/bin, the package in EXEC_PREFIX + TPS_PYREL, as configure
 * chose it: relative, so that make install prefix=... moves both). */
static char *package_dir(char *tried, size_t len) {
    char exe[PATH_MAX];
    tried[0] = '\0';
    if (tps__exe_dir(exe, sizeof(exe)) < 0)
        return NULL;
    char *slash = strrchr(exe, '/');
    char *cand[2] = {tps__xasprintf("%s/../python", exe),
                     tps__xasprintf("%.*s%s", (int)(slash - exe), exe,
                                    TPS_PYREL)};
    char *found = NULL;
    for (int k = 0; k < 2 && !found; k++) {
        char *init = tps__xasprintf("%s/taups/__init__.py", cand[k]);
        if (access(init, R_OK) == 0)
            found = realpath(cand[k], NULL);
        free(init);
    }
    snprintf(tried, len, "%s and %s", cand[0], cand[1]);
    free(cand[0]);
    free(cand[1]);
    return found;
}

/* The script's text: PYTHONPATH with pkg first, then exec the interpreter. */
static char *script(const char *pkg) {
    size_t lp = 0, cp = 0, li = 0, ci = 0;
    char *qp = NULL, *qi = NULL;
    launch_sh_quote(&qp, &lp, &cp, pkg);
    launch_sh_quote(&qi, &li, &ci, TPS_PYTHON);
    char *text = tps__xasprintf(
        "#!/bin/sh\n"
        "# python3 as taups-launch runs --worker-cmd and --eval-cmd: the\n"
        "# interpreter taups was built for, with this taups's package.\n"
        "PYTHONPATH=%s${PYTHONPATH:+:$PYTHONPATH}\n"
        "export PYTHONPATH\n"
        "exec %s \"$@\"\n",
        qp, qi);
    free(qp);
    free(qi);
    return text;
}

static int write_script(const char *path, const char *text) {
    FILE *f = fopen(path, "w");
    int ok = f != NULL && fputs(text, f) >= 0;
    if (f != NULL && fclose(f) != 0)
        ok = 0;
    return ok && chmod(path, 0755) == 0 ? 0 : -1;
}

int launch_python_bin(launch_t *l) {
    const settings_t *s = l->s;
    if (s->worker_cmds.n == 0 && s->eval_cmd == NULL)
        return 0;
    char tried[2 * PATH_MAX + 8];
    char *pkg = package_dir(tried, sizeof(tried));
    if (pkg == NULL) {
        fprintf(stderr,
                "%s: no taups Python package beside this launcher (looked "
                "in %s): python3 in --worker-cmd is the one on PATH\n",
                PROG, tried);
        return 0;
    }
    char *bin = tps__xasprintf("%s/bin", l->out);
    char *py3 = tps__xasprintf("%s/python3", bin);
    char *py = tps__xasprintf("%s/python", bin);
    char *text = script(pkg);
    int rc = 0;
    if ((mkdir(bin, 0755) < 0 && errno != EEXIST) ||
        write_script(py3, text) < 0 ||
        ((unlink(py) < 0 && errno != ENOENT) || symlink("python3", py) < 0)) {
        fprintf(stderr, "%s: cannot write python3 for the commands in %s: %s\n",
                PROG, bin, strerror(errno));
        rc = -1;
    }
    free(text);
    free(py);
    free(py3);
    free(pkg);
    /* Absolute: a command may change its directory before it runs one. */
    if (rc == 0)
        l->python_bin = realpath(bin, NULL);
    free(bin);
    return rc;
}
