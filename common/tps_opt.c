/* SPDX-License-Identifier: MIT */
/* Table-driven option parsing; see tps_opt.h. */
#include "tps_opt.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"

/* Strings that came from a config file must outlive the file buffer; they are
 * kept here and released by tps_opt_free. */
static char **saved;
static int nsaved;

static const char *save_str(const char *s) {
    char **grown = realloc(saved, (size_t)(nsaved + 1) * sizeof(*saved));
    if (grown == NULL)
        return NULL;
    saved = grown;
    saved[nsaved] = strdup(s);
    return saved[nsaved] ? saved[nsaved++] : NULL;
}

static int choice_ok(const char *choices, const char *v) {
    size_t n = strlen(v);
    for (const char *p = choices; *p;) {
        const char *bar = strchr(p, '|');
        size_t len = bar ? (size_t)(bar - p) : strlen(p);
        if (len == n && strncmp(p, v, n) == 0)
            return 1;
        p += len + (bar != NULL);
    }
    return 0;
}

static int set_value(const tps_opt_t *o, const char *prog, const char *v,
                     int from_file) {
    char *end;
    double d;
    switch (o->type) {
    case TPS_OPT_STR:
    case TPS_OPT_CHOICE:
        if (o->type == TPS_OPT_CHOICE && !choice_ok(o->choices, v)) {
            fprintf(stderr, "%s: --%s: \"%s\" is not one of %s\n", prog,
                    o->name, v, o->choices);
            return -1;
        }
        if (from_file && (v = save_str(v)) == NULL)
            return -1;
        *(const char **)o->dst = v;
        return 0;
    case TPS_OPT_LIST: {
        tps_strlist_t *l = o->dst;
        char **grown = realloc(l->v, (size_t)(l->n + 1) * sizeof(*l->v));
        if (grown == NULL)
            return -1;
        l->v = grown;
        if ((l->v[l->n] = strdup(v)) == NULL)
            return -1;
        l->n++;
        return 0;
    }
    case TPS_OPT_FLAG:
        *(int *)o->dst = (strcmp(v, "0") != 0 && strcmp(v, "no") != 0 &&
                          strcmp(v, "false") != 0);
        return 0;
    case TPS_OPT_INT:
    case TPS_OPT_U64:
    case TPS_OPT_I64:
    case TPS_OPT_DOUBLE:
        break;
    }
    errno = 0;
    if (o->type == TPS_OPT_DOUBLE)
        d = strtod(v, &end);
    else if (o->type == TPS_OPT_U64 && v[0] != '-')
        d = (double)strtoull(v, &end, 0);
    else
        d = (double)strtoll(v, &end, 0);
    if (end == v || *end != '\0' || errno == ERANGE || isnan(d)) {
        fprintf(stderr, "%s: --%s: \"%s\" is not a %s\n", prog, o->name, v,
                o->type == TPS_OPT_DOUBLE ? "number" : "whole number");
        return -1;
    }
    if (o->type == TPS_OPT_U64 && v[0] == '-') {
        fprintf(stderr, "%s: --%s: \"%s\" must not be negative\n", prog,
                o->name, v);
        return -1;
    }
    if (o->min <= o->max && (d < o->min || d > o->max)) {
        fprintf(stderr, "%s: --%s: %s is outside [%g, %g]\n", prog, o->name, v,
                o->min, o->max);
        return -1;
    }
    if (o->type == TPS_OPT_INT) {
        if (d < -2147483648.0 || d > 2147483647.0) {
            fprintf(stderr, "%s: --%s: %s does not fit an int\n", prog, o->name,
                    v);
            return -1;
        }
        *(int *)o->dst = (int)d;
    } else if (o->type == TPS_OPT_U64) {
        *(uint64_t *)o->dst = strtoull(v, NULL, 0);
    } else if (o->type == TPS_OPT_I64) {
        *(int64_t *)o->dst = strtoll(v, NULL, 0);
    } else {
        *(double *)o->dst = d;
    }
    return 0;
}

static const tps_opt_t *find(const tps_opt_t *opts, const char *name,
                             size_t len) {
    for (const tps_opt_t *o = opts; o->name; o++)
        if (strlen(o->name) == len && strncmp(o->name, name, len) == 0)
            return o;
    return NULL;
}

static void print_help(const tps_opt_t *opts, const char *usage) {
    printf("%s\n\nOptions:\n", usage);
    for (const tps_opt_t *o = opts; o->name; o++) {
        char left[64];
        snprintf(left, sizeof(left), "--%s%s%s", o->name,
                 o->type == TPS_OPT_FLAG ? "" : " ",
                 o->type == TPS_OPT_FLAG ? ""
                 : o->metavar            ? o->metavar
                 : o->type == TPS_OPT_CHOICE ? o->choices
                                             : "X");
        printf("  %-28s %s", left, o->help ? o->help : "");
        if (o->type == TPS_OPT_CHOICE && o->metavar)
            printf(" (%s)", o->choices);
        if (o->def && o->def[0])
            printf(" [default: %s]", o->def);
        if (o->type == TPS_OPT_LIST)
            printf(" (repeatable)");
        printf("\n");
    }
    printf("  %-28s %s\n", "--config FILE",
           "read KEY=VALUE lines (option names) before the command line");
    printf("  %-28s %s\n  %-28s %s\n", "--help", "show this help", "--version",
           "show the version");
}

static int apply_defaults(const tps_opt_t *opts, const char *prog) {
    for (const tps_opt_t *o = opts; o->name; o++) {
        if (o->type == TPS_OPT_LIST) {
            tps_strlist_t *l = o->dst;
            l->n = 0;
            l->v = NULL;
        } else if (o->type == TPS_OPT_FLAG) {
            *(int *)o->dst = 0;
        } else if (o->type == TPS_OPT_STR || o->type == TPS_OPT_CHOICE) {
            *(const char **)o->dst = o->def;
        } else if (o->def && set_value(o, prog, o->def, 0) < 0) {
            return -1;
        }
    }
    return 0;
}

/* One cluster.conf serves every program: a key qualified with a program's
 * short name (server-lr, TAUPS_WORKER_MODEL) is that program's alone. For
 * `prog` ("taups-server"), returns the key without its own qualifier, and
 * sets *skip for a key qualified for another program. */
static const char *for_program(const char *key, const char *prog, int *skip) {
    static const char *const progs[] = {"server", "worker", "launch",
                                        "sweep",  "bench",  "ctl"};
    const char *own = strncmp(prog, "taups-", 6) == 0 ? prog + 6 : prog;
    for (size_t i = 0; i < sizeof(progs) / sizeof(*progs); i++) {
        size_t n = strlen(progs[i]);
        if (strncmp(key, progs[i], n) != 0 || key[n] != '-')
            continue;
        if (strcmp(own, progs[i]) == 0)
            return key + n + 1;
        *skip = 1;
        return key;
    }
    return key;
}

/* The value of a KEY=VALUE line, in place: quoted ("..." with \" and \\
 * escapes, or '...'), or bare up to a " #" comment, with the blanks around
 * it trimmed. Returns NULL, or what is wrong with the line. */
static const char *config_value(char *v, char **out) {
    while (*v == ' ' || *v == '\t')
        v++;
    char *rest;
    if (*v == '"' || *v == '\'') {
        char q = *v++, *w = v, *r = v;
        while (*r && *r != q) {
            if (q == '"' && *r == '\\' && (r[1] == '"' || r[1] == '\\'))
                r++;
            *w++ = *r++;
        }
        if (*r != q)
            return "unterminated quoted value";
        *w = '\0';
        rest = r + 1;
        while (*rest == ' ' || *rest == '\t')
            rest++;
        if (*rest != '\0' && *rest != '#')
            return "text after a quoted value (quote all of it, or put # "
                   "before a comment)";
        *out = v;
        return NULL;
    }
    char *e = v;
    for (; *e; e++)
        if (*e == '#' && (e == v || e[-1] == ' ' || e[-1] == '\t'))
            break;
    *e = '\0';
    while (e > v && (e[-1] == ' ' || e[-1] == '\t'))
        *--e = '\0';
    *out = v;
    return NULL;
}

int tps_opt_load_file(const tps_opt_t *opts, const char *prog,
                      const char *path) {
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        fprintf(stderr, "%s: cannot read config %s: %s\n", prog, path,
                strerror(errno));
        return TPS_OPT_EXIT_ERR;
    }
    char line[4096];
    int lineno = 0, rc = 0;
    while (rc == 0 && fgets(line, sizeof(line), f)) {
        lineno++;
        char *p = line, *e;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '#' || *p == '\n' || *p == '\0')
            continue;
        e = p + strlen(p);
        while (e > p && (e[-1] == '\n' || e[-1] == '\r' || e[-1] == ' '))
            *--e = '\0';
        char *eq = strchr(p, '=');
        if (eq == NULL) {
            fprintf(stderr, "%s: %s:%d: expected KEY=VALUE\n", prog, path,
                    lineno);
            rc = TPS_OPT_EXIT_ERR;
            break;
        }
        char *k = p, *ke = eq;
        /* What an operator writes in a systemd EnvironmentFile or a shell
         * file works here too: "export KEY=...". */
        if (strncmp(k, "export", 6) == 0 && (k[6] == ' ' || k[6] == '\t')) {
            k += 7;
            while (*k == ' ' || *k == '\t')
                k++;
        }
        while (ke > k && (ke[-1] == ' ' || ke[-1] == '\t'))
            ke--;
        char *v = eq + 1;
        const char *why = config_value(v, &v);
        if (why != NULL) {
            fprintf(stderr, "%s: %s:%d: %s\n", prog, path, lineno, why);
            rc = TPS_OPT_EXIT_ERR;
            break;
        }
        /* Accept the systemd EnvironmentFile spelling too: TAUPS_MAX_STALENESS */
        char key[128];
        size_t kl = (size_t)(ke - k);
        if (kl >= sizeof(key))
            kl = sizeof(key) - 1;
        for (size_t i = 0; i < kl; i++)
            key[i] = k[i] == '_' ? '-' : (char)(k[i] >= 'A' && k[i] <= 'Z' ? k[i] + 32 : k[i]);
        key[kl] = '\0';
        const char *name = strncmp(key, "taups-", 6) == 0 ? key + 6 : key;
        const tps_opt_t *o = find(opts, name, strlen(name));
        int skip = 0;
        if (o == NULL)
            name = for_program(name, prog, &skip);
        if (skip)
            continue;
        if (o == NULL)
            o = find(opts, name, strlen(name));
        if (o == NULL) {
            fprintf(stderr, "%s: %s:%d: unknown option \"%s\"\n", prog, path,
                    lineno, name);
            rc = TPS_OPT_EXIT_ERR;
        } else if (set_value(o, prog, v, 1) < 0) {
            fprintf(stderr, "%s: (in %s:%d)\n", prog, path, lineno);
            rc = TPS_OPT_EXIT_ERR;
        }
    }
    fclose(f);
    return rc;
}

int tps_opt_parse(const tps_opt_t *opts, const char *prog, const char *usage,
                  int argc, char **argv) {
    if (apply_defaults(opts, prog) < 0)
        return TPS_OPT_EXIT_ERR;
    for (int i = 1; i < argc; i++) {
        const char *cfg = NULL;
        if (strcmp(argv[i], "--config") == 0 && i + 1 < argc)
            cfg = argv[i + 1];
        else if (strncmp(argv[i], "--config=", 9) == 0)
            cfg = argv[i] + 9;
        /* "-FILE" is optional, as in a unit's EnvironmentFile=-FILE. */
        if (cfg && cfg[0] == '-') {
            if (access(cfg + 1, F_OK) != 0)
                continue;
            cfg++;
        }
        if (cfg && tps_opt_load_file(opts, prog, cfg) < 0)
            return TPS_OPT_EXIT_ERR;
    }
    int i;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0)
            return i + 1;
        if (strncmp(a, "--", 2) != 0)
            return i;
        a += 2;
        if (strcmp(a, "help") == 0) {
            print_help(opts, usage);
            return TPS_OPT_EXIT_OK;
        }
        if (strcmp(a, "version") == 0) {
            printf("%s %s\n", prog, PACKAGE_VERSION);
            return TPS_OPT_EXIT_OK;
        }
        const char *eq = strchr(a, '=');
        size_t len = eq ? (size_t)(eq - a) : strlen(a);
        if (len == 6 && strncmp(a, "config", 6) == 0) {
            i += eq ? 0 : 1;
            continue;
        }
        const tps_opt_t *o = find(opts, a, len);
        if (o == NULL) {
            fprintf(stderr, "%s: unknown option --%.*s (see --help)\n", prog,
                    (int)len, a);
            return TPS_OPT_EXIT_ERR;
        }
        const char *v;
        if (o->type == TPS_OPT_FLAG && eq == NULL) {
            v = "1";
        } else if (eq) {
            v = eq + 1;
        } else if (i + 1 < argc) {
            v = argv[++i];
        } else {
            fprintf(stderr, "%s: --%s needs a value (%s)\n", prog, o->name,
                    o->metavar ? o->metavar : "see --help");
            return TPS_OPT_EXIT_ERR;
        }
        if (set_value(o, prog, v, 0) < 0)
            return TPS_OPT_EXIT_ERR;
    }
    return i;
}

json_t *tps_opt_json(const tps_opt_t *opts) {
    json_t *obj = json_object();
    if (obj == NULL)
        return NULL;
    for (const tps_opt_t *o = opts; o->name; o++) {
        json_t *v = NULL;
        switch (o->type) {
        case TPS_OPT_STR:
        case TPS_OPT_CHOICE: {
            const char *txt = *(const char **)o->dst;
            v = txt ? json_string(txt) : json_null();
            break;
        }
        case TPS_OPT_LIST: {
            const tps_strlist_t *l = o->dst;
            v = json_array();
            for (int k = 0; v && k < l->n; k++)
                json_array_append_new(v, json_string(l->v[k]));
            break;
        }
        case TPS_OPT_FLAG:
            v = json_boolean(*(int *)o->dst);
            break;
        case TPS_OPT_INT:
            v = json_integer(*(int *)o->dst);
            break;
        case TPS_OPT_U64:
            v = json_integer((json_int_t) * (uint64_t *)o->dst);
            break;
        case TPS_OPT_I64:
            v = json_integer((json_int_t) * (int64_t *)o->dst);
            break;
        case TPS_OPT_DOUBLE:
            v = json_real(*(double *)o->dst);
            break;
        }
        if (v == NULL || json_object_set_new(obj, o->name, v) < 0) {
            json_decref(obj);
            return NULL;
        }
    }
    return obj;
}

void tps_opt_free(const tps_opt_t *opts) {
    for (const tps_opt_t *o = opts; o->name; o++) {
        if (o->type != TPS_OPT_LIST)
            continue;
        tps_strlist_t *l = o->dst;
        for (int k = 0; k < l->n; k++)
            free(l->v[k]);
        free(l->v);
        l->v = NULL;
        l->n = 0;
    }
    for (int k = 0; k < nsaved; k++)
        free(saved[k]);
    free(saved);
    saved = NULL;
    nsaved = 0;
}
