/* SPDX-License-Identifier: MIT */
/* The table of consistency modes; see tps_mode.h. The only place that
 * lists the modes: adding one is a row here plus its server behaviour. */
#include "tps_mode.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

static const tps__mode_row_t modes[] = {
    {.name = "sync",
     .help = "one step per clock, the mean of every live worker's gradient, "
             "taken in a barrier",
     .barrier = TPS_BARRIER_ALWAYS,
     .strict_order = 1},
    {.name = "ssp",
     .help = "pushes applied as they arrive, a pull at clock c answered "
             "once the slowest worker is at c - --staleness",
     .barrier = TPS_BARRIER_NEVER,
     .gates_pulls = 1,
     .rejoin_highest = 1},
    {.name = "async",
     .help = "pushes applied as they arrive and pulls answered at once, "
             "pushes staler than --max-staleness dropped",
     .barrier = TPS_BARRIER_NEVER,
     .drops_stale = 1},
    {.name = "local",
     .help = "workers take --local-steps steps between averagings of their "
             "models, in a barrier or as they arrive (--local-avg)",
     .barrier = TPS_BARRIER_LOCAL_AVG,
     .local_steps = 1,
     .strict_order = 1,
     .drops_stale = 1},
};

#define NMODES (sizeof(modes) / sizeof(modes[0]))

const tps__mode_row_t *tps__mode_find(const char *name) {
    for (size_t i = 0; name != NULL && i < NMODES; i++)
        if (strcmp(modes[i].name, name) == 0)
            return &modes[i];
    return NULL;
}

const tps__mode_row_t *tps__mode_at(size_t i) {
    return i < NMODES ? &modes[i] : NULL;
}

const tps__mode_row_t *tps__mode_default(void) {
    return tps__mode_find("async"); /* no barrier, no gate */
}

/* Built once from the table, whichever thread asks first. */
static char choices[128], help[1024];
static pthread_once_t built = PTHREAD_ONCE_INIT;

static void build(void) {
    size_t c = 0, h = 0;
    for (size_t i = 0; i < NMODES; i++) {
        c += (size_t)snprintf(choices + c, sizeof(choices) - c, "%s%s",
                              i ? "|" : "", modes[i].name);
        h += (size_t)snprintf(help + h, sizeof(help) - h, "%s%s: %s",
                              i ? "; " : "", modes[i].name, modes[i].help);
    }
}

const char *tps__mode_choices(void) {
    pthread_once(&built, build);
    return choices;
}

const char *tps__mode_help(void) {
    pthread_once(&built, build);
    return help;
}
