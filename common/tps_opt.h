/* SPDX-License-Identifier: MIT */
/* Command-line options as one table per program. The table drives parsing,
 * range and choice validation, --help, the KEY=VALUE config-file reader used
 * by the systemd units, and the JSON dump written into run.json, so an option
 * is described once and behaves the same everywhere. */
#ifndef TPS_OPT_H
#define TPS_OPT_H

#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

typedef enum tps__opt_type_e {
    TPS_OPT_STR,    /* dst: const char ** (points into argv or a saved copy) */
    TPS_OPT_INT,    /* dst: int * */
    TPS_OPT_U64,    /* dst: uint64_t * */
    TPS_OPT_I64,    /* dst: int64_t * */
    TPS_OPT_DOUBLE, /* dst: double * */
    TPS_OPT_FLAG,   /* dst: int *: a bare --name is 1; a value (--name=off,
                       a file, a variable) is 1/0, yes/no, true/false or
                       on/off in any case, and anything else is refused */
    TPS_OPT_CHOICE, /* dst: const char **, value must be one of `choices` */
    TPS_OPT_LIST /* dst: tps__strlist_t *, option may repeat; values appended */
} tps__opt_type_t;

typedef struct tps__strlist_s {
    int n;
    char **v; /* owned, freed by tps__opt_free */
} tps__strlist_t;

typedef struct tps__opt_s {
    const char *name;    /* long name without "--" */
    tps__opt_type_t type;
    void *dst;
    const char *def;     /* default as text (NULL: none / empty) */
    double min, max;     /* numeric range, checked when min <= max */
    const char *choices; /* "a|b|c" for TPS_OPT_CHOICE */
    const char *metavar; /* shown in --help, e.g. "HOST:PORT" */
    const char *help;
} tps__opt_t;

/* Terminates a table. */
#define TPS_OPT_END {NULL, TPS_OPT_STR, NULL, NULL, 0, 0, NULL, NULL, NULL}

/* Results of tps__opt_parse other than an index. */
#define TPS_OPT_EXIT_OK (-1)   /* --help or --version was printed: exit 0 */
#define TPS_OPT_EXIT_ERR (-2)  /* error printed to stderr: exit 2 */

/* Applies defaults, then TAUPS_* environment variables (an empty one is
 * unset), then --config files, then argv (`--name value`, `--name=value`,
 * `--flag`, `--flag=VALUE`). Whole numbers are decimal. `--help` prints
 * `usage` and the table; `--version` prints the package version. Errors
 * name the option, the value, what was wrong and where the value came from
 * (the command line, a config file's FILE:LINE, an environment variable).
 * Returns the index of the first non-option argument (argc if none), or one
 * of the TPS_OPT_EXIT_* codes. `prog` is used in messages. */
int tps__opt_parse(const tps__opt_t *opts, const char *prog, const char *usage,
                  int argc, char **argv);

/* Reads KEY=VALUE lines from `path` and applies them as if given on the
 * command line. KEY is an option name or its EnvironmentFile spelling
 * (TAUPS_MAX_STALENESS for max-staleness), optionally after "export", and
 * may name the program it is for (server-lr or TAUPS_SERVER_LR: read by
 * taups-server, skipped by the others, so one file serves them all); a
 * value may be quoted ("..." or '...'); '#' starts a comment line, and " #"
 * a comment after a bare value. tps__opt_parse reads every --config file in
 * order (later ones win) before the rest of the command line (which wins
 * over all); "--config -FILE" is skipped when FILE does not exist. Returns 0
 * or TPS_OPT_EXIT_ERR. */
int tps__opt_load_file(const tps__opt_t *opts, const char *prog,
                       const char *path);

/* Every option and its current value as a JSON object (name -> value; a
 * list is an array, an unset string null). Returns a new reference, or NULL
 * when out of memory. */
json_t *tps__opt_json(const tps__opt_t *opts);

/* Frees what parsing allocated (lists and saved strings). */
void tps__opt_free(const tps__opt_t *opts);

#endif
