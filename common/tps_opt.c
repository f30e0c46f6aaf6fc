/* SPDX-License-Identifier: MIT */
/* Table-driven option parsing; see tps_opt.h. */
#include "tps_opt.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "config.h"

/* Strings that came from a config file must outlive the file buffer; they are
 * kept here and released by tps__opt_free. */
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

/* A number as people write it: 1048576, not 1.04858e+06. */
static const char *human(char *buf, size_t len, double d) {
    if (d == floor(d) && fabs(d) < 1e15)
        snprintf(buf, len, "%.0f", d);
    else
        snprintf(buf, len, "%.6g", d);
    return buf;
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

/* The spellings of a flag's value, case aside; anything else is refused,
 * so that no value is ever read as its opposite. */
static const char *const flag_on[] = {"1", "yes", "true", "on"};
static const char *const flag_off[] = {"0", "no", "false", "off"};
#define FLAG_SPELLINGS "1/0, yes/no, true/false, on/off"

static int flag_value(const char *v) {
    for (size_t k = 0; k < sizeof(flag_on) / sizeof(*flag_on); k++) {
        if (strcasecmp(v, flag_on[k]) == 0)
            return 1;
        if (strcasecmp(v, flag_off[k]) == 0)
            return 0;
    }
    return -1;
}

/* A list option: v appended, copied. */
static int list_add(const tps__opt_t *o, const char *v) {
    tps__strlist_t *l = o->dst;
    char **grown = realloc(l->v, (size_t)(l->n + 1) * sizeof(*l->v));
    if (grown == NULL)
        return -1;
    l->v = grown;
    if ((l->v[l->n] = strdup(v)) == NULL)
        return -1;
    l->n++;
    return 0;
}

/* A numeric option (int, u64, i64, double) from v; arguments as set_value's. */
static int set_number(const tps__opt_t *o, const char *prog, const char *v,
                      const char *where) {
    char *end;
    double d;
    /* Whole numbers are decimal: "010" is ten, as a person means it, not
     * eight (base 0 would also take "0x10"). */
    errno = 0;
    if (o->type == TPS_OPT_DOUBLE)
        d = strtod(v, &end);
    else if (o->type == TPS_OPT_U64 && v[strspn(v, " \t")] != '-')
        d = (double)strtoull(v, &end, 10);
    else
        d = (double)strtoll(v, &end, 10);
    if (end == v || *end != '\0' || errno == ERANGE || isnan(d)) {
        fprintf(stderr, "%s: --%s: \"%s\" is not a %s (%s)\n", prog, o->name, v,
                o->type == TPS_OPT_DOUBLE ? "number" : "whole number", where);
        return -1;
    }
    if (o->type == TPS_OPT_U64 && d < 0) {
        fprintf(stderr, "%s: --%s: \"%s\" must not be negative (%s)\n", prog,
                o->name, v, where);
        return -1;
    }
    if (o->min <= o->max && (d < o->min || d > o->max)) {
        char lo[32], hi[32];
        fprintf(stderr, "%s: --%s: %s is outside [%s, %s] (%s)\n", prog,
                o->name, v, human(lo, sizeof(lo), o->min),
                human(hi, sizeof(hi), o->max), where);
        return -1;
    }
    if (o->type == TPS_OPT_INT) {
        if (d < -2147483648.0 || d > 2147483647.0) {
            fprintf(stderr, "%s: --%s: %s does not fit an int (%s)\n", prog,
                    o->name, v, where);
            return -1;
        }
        *(int *)o->dst = (int)d;
    } else if (o->type == TPS_OPT_U64) {
        *(uint64_t *)o->dst = strtoull(v, NULL, 10);
    } else if (o->type == TPS_OPT_I64) {
        *(int64_t *)o->dst = strtoll(v, NULL, 10);
    } else {
        *(double *)o->dst = d;
    }
    return 0;
}

/* Sets option o from text v, which came from `where` ("on the command
 * line", "in config file FILE:LINE", "in environment variable NAME"): a
 * refusal names the option, the value, what was wrong and where. */
static int set_value(const tps__opt_t *o, const char *prog, const char *v,
                     const char *where, int save) {
    switch (o->type) {
    case TPS_OPT_STR:
    case TPS_OPT_CHOICE:
        if (o->type == TPS_OPT_CHOICE && !choice_ok(o->choices, v)) {
            fprintf(stderr, "%s: --%s: \"%s\" is not one of %s (%s)\n", prog,
                    o->name, v, o->choices, where);
            return -1;
        }
        if (save && (v = save_str(v)) == NULL)
            return -1;
        *(const char **)o->dst = v;
        return 0;
    case TPS_OPT_LIST:
        return list_add(o, v);
    case TPS_OPT_FLAG: {
        int on = flag_value(v);
        if (on < 0) {
            fprintf(stderr,
                    "%s: --%s: \"%s\" is neither on nor off; write one of "
                    "%s (%s)\n",
                    prog, o->name, v, FLAG_SPELLINGS, where);
            return -1;
        }
        *(int *)o->dst = on;
        return 0;
    }
    case TPS_OPT_INT:
    case TPS_OPT_U64:
    case TPS_OPT_I64:
    case TPS_OPT_DOUBLE:
        break;
    }
    return set_number(o, prog, v, where);
}

static const tps__opt_t *find(const tps__opt_t *opts, const char *name,
                             size_t len) {
    for (const tps__opt_t *o = opts; o->name; o++)
        if (strlen(o->name) == len && strncmp(o->name, name, len) == 0)
            return o;
    return NULL;
}

#define HELP_WIDTH 80
#define HELP_INDENT 30 /* where the text of an option starts */

/* One option's line of --help: `left` in the first columns, `text`
 * wrapped at HELP_WIDTH with its continuation lines indented. */
static void help_entry(const char *left, const char *text) {
    int col = printf("  %s", left);
    if (col >= HELP_INDENT - 1) {
        printf("\n");
        col = 0;
    }
    const char *p = text;
    while (*p) {
        while (*p == ' ')
            p++;
        size_t w = strcspn(p, " ");
        if (col > HELP_INDENT && col + 1 + (int)w > HELP_WIDTH) {
            printf("\n");
            col = 0;
        }
        if (col < HELP_INDENT) {
            printf("%*s", HELP_INDENT - col, "");
            col = HELP_INDENT;
        } else {
            putchar(' ');
            col++;
        }
        col += printf("%.*s", (int)w, p);
        p += w;
    }
    printf("\n");
}

static void print_help(const tps__opt_t *opts, const char *prog,
                       const char *usage) {
    printf("%s\n\nOptions:\n", usage);
    for (const tps__opt_t *o = opts; o->name; o++) {
        char left[96], text[2048];
        snprintf(left, sizeof(left), "--%s%s%s", o->name,
                 o->type == TPS_OPT_FLAG ? "" : " ",
                 o->type == TPS_OPT_FLAG ? ""
                 : o->metavar            ? o->metavar
                 : o->type == TPS_OPT_CHOICE ? o->choices
                                             : "X");
        int n = snprintf(text, sizeof(text), "%s", o->help ? o->help : "");
        if (o->type == TPS_OPT_CHOICE && o->metavar && n < (int)sizeof(text))
            n += snprintf(text + n, sizeof(text) - (size_t)n, " (%s)",
                          o->choices);
        if (o->def && o->def[0] && n < (int)sizeof(text))
            n += snprintf(text + n, sizeof(text) - (size_t)n,
                          " [default: %s]", o->def);
        if (o->type == TPS_OPT_LIST && n < (int)sizeof(text))
            snprintf(text + n, sizeof(text) - (size_t)n, " (repeatable)");
        help_entry(left, text);
    }
    help_entry("--config FILE",
               "read KEY=VALUE lines (option names) before the command line "
               "(repeatable; \"-FILE\": skipped when FILE does not exist)");
    help_entry("-h, --help", "show this help");
    help_entry("--version", "show the version");
    const char *own = strncmp(prog, "taups-", 6) == 0 ? prog + 6 : prog;
    char upper[32];
    size_t k = 0;
    for (; own[k] && k + 1 < sizeof(upper); k++)
        upper[k] =
            own[k] >= 'a' && own[k] <= 'z' ? (char)(own[k] - 32) : own[k];
    upper[k] = '\0';
    /* "Environment:" makes help2man put the paragraph in ENVIRONMENT. */
    printf("\nEnvironment:\nEvery option can also be set by an environment "
           "variable, "
           "TAUPS_ and its name\nin capitals with _ for - (TAUPS_%s_... for "
           "this program alone);\nan empty one counts as unset. The "
           "command line wins over --config files,\nwhich win over the "
           "environment, which wins over the defaults. A flag (an\noption "
           "without a value) is on when given bare; --FLAG=VALUE, a file or "
           "a\nvariable sets it with 1/0, yes/no, true/false or on/off.\n",
           upper);
}

static int apply_defaults(const tps__opt_t *opts, const char *prog) {
    for (const tps__opt_t *o = opts; o->name; o++) {
        if (o->type == TPS_OPT_LIST) {
            tps__strlist_t *l = o->dst;
            l->n = 0;
            l->v = NULL;
        } else if (o->type == TPS_OPT_FLAG) {
            *(int *)o->dst = 0;
        } else if (o->type == TPS_OPT_STR || o->type == TPS_OPT_CHOICE) {
            *(const char **)o->dst = o->def;
        } else if (o->def && set_value(o, prog, o->def, "the default", 0) < 0) {
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

/* KEY of an environment variable or a config line (TAUPS_MAX_STALENESS,
 * max_staleness, server-lr) as an option name: lower case, '-' for '_',
 * without the TAUPS_ prefix, into key[len]. */
static const char *key_name(const char *k, size_t kl, char *key, size_t len) {
    if (kl >= len)
        kl = len - 1;
    for (size_t i = 0; i < kl; i++)
        key[i] = k[i] == '_' ? '-'
                 : k[i] >= 'A' && k[i] <= 'Z' ? (char)(k[i] + 32)
                                              : k[i];
    key[kl] = '\0';
    return strncmp(key, "taups-", 6) == 0 ? key + 6 : key;
}

/* The option a key names for `prog`: its own (lr) or qualified for prog
 * (server-lr). *qualified is set for the latter; NULL for a key that is
 * another program's or no option at all. */
static const tps__opt_t *key_option(const tps__opt_t *opts, const char *prog,
                                   const char *name, int *qualified) {
    const tps__opt_t *o = find(opts, name, strlen(name));
    *qualified = 0;
    if (o != NULL)
        return o;
    int skip = 0;
    const char *own = for_program(name, prog, &skip);
    if (skip || own == name)
        return NULL;
    *qualified = 1;
    return find(opts, own, strlen(own));
}

int tps__opt_load_file(const tps__opt_t *opts, const char *prog,
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
        /* Accept the systemd EnvironmentFile spelling too: TAUPS_MAX_STALENESS
         */
        char key[128];
        const char *name = key_name(k, (size_t)(ke - k), key, sizeof(key));
        int skip = 0;
        if (find(opts, name, strlen(name)) == NULL &&
            for_program(name, prog, &skip) && skip)
            continue;
        int qualified;
        const tps__opt_t *o = key_option(opts, prog, name, &qualified);
        if (o == NULL) {
            fprintf(stderr, "%s: %s:%d: unknown option \"%s\"\n", prog, path,
                    lineno, name);
            rc = TPS_OPT_EXIT_ERR;
        } else {
            char where[PATH_MAX + 32];
            snprintf(where, sizeof(where), "in config file %s:%d", path,
                     lineno);
            if (set_value(o, prog, v, where, 1) < 0)
                rc = TPS_OPT_EXIT_ERR;
        }
    }
    fclose(f);
    return rc;
}

/* TAUPS_<OPTION> variables, below config files and the command line: the
 * program's own (TAUPS_SERVER_LR) win over the shared ones (TAUPS_LR).
 * Variables that name no option of this program are left alone: they
 * may be another program's, or no option's at all (TAUPS_BUILDDIR). An
 * empty one is unset, as a shell's `VAR=` or a unit's `Environment=VAR=`
 * is meant: it neither sets a flag nor blanks a value. */
static int load_env(const tps__opt_t *opts, const char *prog) {
    extern char **environ;
    for (int pass = 0; pass < 2; pass++)
        for (char **e = environ; e && *e; e++) {
            const char *eq = strchr(*e, '=');
            if (strncmp(*e, "TAUPS_", 6) != 0 || eq == NULL)
                continue;
            char key[128];
            int qualified;
            const char *name =
                key_name(*e, (size_t)(eq - *e), key, sizeof(key));
            const tps__opt_t *o = key_option(opts, prog, name, &qualified);
            if (o == NULL || qualified != pass || eq[1] == '\0')
                continue;
            char where[160];
            snprintf(where, sizeof(where), "in environment variable %.*s",
                     (int)(eq - *e), *e);
            if (set_value(o, prog, eq + 1, where, 1) < 0)
                return -1;
        }
    return 0;
}

/* The option at argv[*i], for both passes over the command line: *o
 * (NULL for --config) and its value *v, with *i moved past a value given
 * as the next argument. A bare flag is on. Returns 1 for an option; 0 at
 * the end of the options, *i then the index of the first operand; or a
 * TPS_OPT_EXIT_* code once --help, --version or an error was printed. */
static int scan_arg(const tps__opt_t *opts, const char *prog, const char *usage,
                    int argc, char **argv, int *i, const tps__opt_t **o,
                    const char **v) {
    const char *a = argv[*i];
    if (strcmp(a, "--") == 0) {
        ++*i;
        return 0;
    }
    if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
        print_help(opts, prog, usage);
        return TPS_OPT_EXIT_OK;
    }
    if (strcmp(a, "--version") == 0) {
        printf("%s %s\n", prog, PACKAGE_VERSION);
        return TPS_OPT_EXIT_OK;
    }
    if (strncmp(a, "--", 2) != 0)
        return 0;
    a += 2;
    const char *eq = strchr(a, '=');
    size_t len = eq ? (size_t)(eq - a) : strlen(a);
    int is_config = len == 6 && strncmp(a, "config", 6) == 0;
    *o = is_config ? NULL : find(opts, a, len);
    if (!is_config && *o == NULL) {
        fprintf(stderr, "%s: unknown option --%.*s (see --help)\n", prog,
                (int)len, a);
        return TPS_OPT_EXIT_ERR;
    }
    if (!is_config && (*o)->type == TPS_OPT_FLAG && eq == NULL) {
        *v = "1";
    } else if (eq && (eq[1] != '\0' || !is_config)) {
        *v = eq + 1; /* set_value judges an empty one */
    } else if (eq == NULL && *i + 1 < argc) {
        *v = argv[++*i];
    } else {
        fprintf(stderr, "%s: --%s needs a value (%s)\n", prog,
                is_config ? "config" : (*o)->name,
                is_config       ? "FILE"
                : (*o)->metavar ? (*o)->metavar
                                : "see --help");
        return TPS_OPT_EXIT_ERR;
    }
    return 1;
}

int tps__opt_parse(const tps__opt_t *opts, const char *prog, const char *usage,
                  int argc, char **argv) {
    if (apply_defaults(opts, prog) < 0 || load_env(opts, prog) < 0)
        return TPS_OPT_EXIT_ERR;
    const tps__opt_t *o;
    const char *v;
    int i, rc = 0;
    /* Config files first, whatever their place among the options, so that
     * the rest of the command line wins over them. */
    for (i = 1; i < argc; i++) {
        if ((rc = scan_arg(opts, prog, usage, argc, argv, &i, &o, &v)) <= 0) {
            if (rc < 0)
                return rc;
            break;
        }
        if (o != NULL)
            continue;
        /* "-FILE" is optional, as in a unit's EnvironmentFile=-FILE. */
        if (v[0] == '-') {
            if (access(v + 1, F_OK) != 0)
                continue;
            v++;
        }
        if (tps__opt_load_file(opts, prog, v) < 0)
            return TPS_OPT_EXIT_ERR;
    }
    for (i = 1; i < argc; i++) {
        if ((rc = scan_arg(opts, prog, usage, argc, argv, &i, &o, &v)) <= 0)
            break;
        if (o != NULL && set_value(o, prog, v, "on the command line", 0) < 0)
            return TPS_OPT_EXIT_ERR;
    }
    if (rc < 0)
        return rc;
    /* "--insecure off" is the flag, on, and an operand "off": said so,
     * rather than left to the program to call "off" unexpected. */
    const char *prev = i < argc && i > 1 ? argv[i - 1] : "";
    if (strncmp(prev, "--", 2) == 0 && flag_value(argv[i]) >= 0 &&
        (o = find(opts, prev + 2, strlen(prev + 2))) != NULL &&
        o->type == TPS_OPT_FLAG) {
        fprintf(stderr, "%s: --%s takes no separate value: write --%s=%s\n",
                prog, o->name, o->name, argv[i]);
        return TPS_OPT_EXIT_ERR;
    }
    return i;
}

json_t *tps__opt_json(const tps__opt_t *opts) {
    json_t *obj = json_object();
    if (obj == NULL)
        return NULL;
    for (const tps__opt_t *o = opts; o->name; o++) {
        json_t *v = NULL;
        switch (o->type) {
        case TPS_OPT_STR:
        case TPS_OPT_CHOICE: {
            const char *txt = *(const char **)o->dst;
            v = txt ? json_string(txt) : json_null();
            break;
        }
        case TPS_OPT_LIST: {
            const tps__strlist_t *l = o->dst;
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

void tps__opt_free(const tps__opt_t *opts) {
    for (const tps__opt_t *o = opts; o->name; o++) {
        if (o->type != TPS_OPT_LIST)
            continue;
        tps__strlist_t *l = o->dst;
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
