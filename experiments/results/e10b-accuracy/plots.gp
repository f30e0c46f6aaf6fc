# Written by taups-sweep for /work/wt-h2/experiments/e10b-accuracy.ini; redraw with: cd experiments/results/e10b-accuracy && gnuplot plots.gp
# Each curve is a configuration's median over its successful seeds, its band their interquartile range.
set macros
pngterm = (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) ? 'pngcairo' : 'png'
set grid
set key outside below left Left reverse maxcols 2 height 1 noenhanced
set logscale y
set format y '%.0e'
set yrange [*:1000]

set terminal @pngterm size 900,720
set output 'metric_vs_time-1.png'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-server.backup-workers=0_worker.delay=const_2-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-server.backup-workers=0_worker.delay=const_2-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'backup-workers=0 delay=const:2 lr=0.8' noenhanced, \
     'plots/p02-server.backup-workers=0_worker.delay=lognormal_2_1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-server.backup-workers=0_worker.delay=lognormal_2_1-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'backup-workers=0 delay=lognormal:2:1 lr=0.8' noenhanced, \
     'plots/p03-server.backup-workers=0_worker.delay=pareto_1.5_0.666667-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-server.backup-workers=0_worker.delay=pareto_1.5_0.666667-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'backup-workers=0 delay=pareto:1.5:0.666667 lr=0.8' noenhanced, \
     'plots/p04-server.backup-workers=0_worker.delay=pareto_3_1.333333-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-server.backup-workers=0_worker.delay=pareto_3_1.333333-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'backup-workers=0 delay=pareto:3:1.333333 lr=0.8' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-1.svg'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-server.backup-workers=0_worker.delay=const_2-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-server.backup-workers=0_worker.delay=const_2-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'backup-workers=0 delay=const:2 lr=0.8' noenhanced, \
     'plots/p02-server.backup-workers=0_worker.delay=lognormal_2_1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-server.backup-workers=0_worker.delay=lognormal_2_1-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'backup-workers=0 delay=lognormal:2:1 lr=0.8' noenhanced, \
     'plots/p03-server.backup-workers=0_worker.delay=pareto_1.5_0.666667-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-server.backup-workers=0_worker.delay=pareto_1.5_0.666667-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'backup-workers=0 delay=pareto:1.5:0.666667 lr=0.8' noenhanced, \
     'plots/p04-server.backup-workers=0_worker.delay=pareto_3_1.333333-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-server.backup-workers=0_worker.delay=pareto_3_1.333333-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'backup-workers=0 delay=pareto:3:1.333333 lr=0.8' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-2.png'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p05-server.backup-workers=1_worker.delay=const_2-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p05-server.backup-workers=1_worker.delay=const_2-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'backup-workers=1 delay=const:2 lr=0.8' noenhanced, \
     'plots/p06-server.backup-workers=1_worker.delay=lognormal_2_1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p06-server.backup-workers=1_worker.delay=lognormal_2_1-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'backup-workers=1 delay=lognormal:2:1 lr=0.8' noenhanced, \
     'plots/p07-server.backup-workers=1_worker.delay=pareto_1.5_0.666667-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p07-server.backup-workers=1_worker.delay=pareto_1.5_0.666667-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'backup-workers=1 delay=pareto:1.5:0.666667 lr=0.8' noenhanced, \
     'plots/p08-server.backup-workers=1_worker.delay=pareto_3_1.333333-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p08-server.backup-workers=1_worker.delay=pareto_3_1.333333-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'backup-workers=1 delay=pareto:3:1.333333 lr=0.8' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-2.svg'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p05-server.backup-workers=1_worker.delay=const_2-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p05-server.backup-workers=1_worker.delay=const_2-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'backup-workers=1 delay=const:2 lr=0.8' noenhanced, \
     'plots/p06-server.backup-workers=1_worker.delay=lognormal_2_1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p06-server.backup-workers=1_worker.delay=lognormal_2_1-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'backup-workers=1 delay=lognormal:2:1 lr=0.8' noenhanced, \
     'plots/p07-server.backup-workers=1_worker.delay=pareto_1.5_0.666667-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p07-server.backup-workers=1_worker.delay=pareto_1.5_0.666667-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'backup-workers=1 delay=pareto:1.5:0.666667 lr=0.8' noenhanced, \
     'plots/p08-server.backup-workers=1_worker.delay=pareto_3_1.333333-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p08-server.backup-workers=1_worker.delay=pareto_3_1.333333-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'backup-workers=1 delay=pareto:3:1.333333 lr=0.8' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-3.png'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p09-server.backup-workers=2_worker.delay=const_2-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p09-server.backup-workers=2_worker.delay=const_2-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'backup-workers=2 delay=const:2 lr=0.8' noenhanced, \
     'plots/p10-server.backup-workers=2_worker.delay=lognormal_2_1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p10-server.backup-workers=2_worker.delay=lognormal_2_1-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'backup-workers=2 delay=lognormal:2:1 lr=0.8' noenhanced, \
     'plots/p11-server.backup-workers=2_worker.delay=pareto_1.5_0.666667-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p11-server.backup-workers=2_worker.delay=pareto_1.5_0.666667-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'backup-workers=2 delay=pareto:1.5:0.666667 lr=0.8' noenhanced, \
     'plots/p12-server.backup-workers=2_worker.delay=pareto_3_1.333333-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p12-server.backup-workers=2_worker.delay=pareto_3_1.333333-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'backup-workers=2 delay=pareto:3:1.333333 lr=0.8' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-3.svg'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p09-server.backup-workers=2_worker.delay=const_2-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p09-server.backup-workers=2_worker.delay=const_2-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'backup-workers=2 delay=const:2 lr=0.8' noenhanced, \
     'plots/p10-server.backup-workers=2_worker.delay=lognormal_2_1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p10-server.backup-workers=2_worker.delay=lognormal_2_1-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'backup-workers=2 delay=lognormal:2:1 lr=0.8' noenhanced, \
     'plots/p11-server.backup-workers=2_worker.delay=pareto_1.5_0.666667-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p11-server.backup-workers=2_worker.delay=pareto_1.5_0.666667-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'backup-workers=2 delay=pareto:1.5:0.666667 lr=0.8' noenhanced, \
     'plots/p12-server.backup-workers=2_worker.delay=pareto_3_1.333333-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p12-server.backup-workers=2_worker.delay=pareto_3_1.333333-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'backup-workers=2 delay=pareto:3:1.333333 lr=0.8' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-4.png'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p13-server.backup-workers=4_worker.delay=const_2-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p13-server.backup-workers=4_worker.delay=const_2-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'backup-workers=4 delay=const:2 lr=0.8' noenhanced, \
     'plots/p14-server.backup-workers=4_worker.delay=lognormal_2_1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p14-server.backup-workers=4_worker.delay=lognormal_2_1-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'backup-workers=4 delay=lognormal:2:1 lr=0.8' noenhanced, \
     'plots/p15-server.backup-workers=4_worker.delay=pareto_1.5_0.666667-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p15-server.backup-workers=4_worker.delay=pareto_1.5_0.666667-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'backup-workers=4 delay=pareto:1.5:0.666667 lr=0.8' noenhanced, \
     'plots/p16-server.backup-workers=4_worker.delay=pareto_3_1.333333-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p16-server.backup-workers=4_worker.delay=pareto_3_1.333333-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'backup-workers=4 delay=pareto:3:1.333333 lr=0.8' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-4.svg'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p13-server.backup-workers=4_worker.delay=const_2-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p13-server.backup-workers=4_worker.delay=const_2-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'backup-workers=4 delay=const:2 lr=0.8' noenhanced, \
     'plots/p14-server.backup-workers=4_worker.delay=lognormal_2_1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p14-server.backup-workers=4_worker.delay=lognormal_2_1-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'backup-workers=4 delay=lognormal:2:1 lr=0.8' noenhanced, \
     'plots/p15-server.backup-workers=4_worker.delay=pareto_1.5_0.666667-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p15-server.backup-workers=4_worker.delay=pareto_1.5_0.666667-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'backup-workers=4 delay=pareto:1.5:0.666667 lr=0.8' noenhanced, \
     'plots/p16-server.backup-workers=4_worker.delay=pareto_3_1.333333-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p16-server.backup-workers=4_worker.delay=pareto_3_1.333333-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'backup-workers=4 delay=pareto:3:1.333333 lr=0.8' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-1.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-server.backup-workers=0_worker.delay=const_2-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-server.backup-workers=0_worker.delay=const_2-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'backup-workers=0 delay=const:2 lr=0.8' noenhanced, \
     'plots/p02-server.backup-workers=0_worker.delay=lognormal_2_1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-server.backup-workers=0_worker.delay=lognormal_2_1-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'backup-workers=0 delay=lognormal:2:1 lr=0.8' noenhanced, \
     'plots/p03-server.backup-workers=0_worker.delay=pareto_1.5_0.666667-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-server.backup-workers=0_worker.delay=pareto_1.5_0.666667-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'backup-workers=0 delay=pareto:1.5:0.666667 lr=0.8' noenhanced, \
     'plots/p04-server.backup-workers=0_worker.delay=pareto_3_1.333333-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-server.backup-workers=0_worker.delay=pareto_3_1.333333-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'backup-workers=0 delay=pareto:3:1.333333 lr=0.8' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-1.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-server.backup-workers=0_worker.delay=const_2-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-server.backup-workers=0_worker.delay=const_2-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'backup-workers=0 delay=const:2 lr=0.8' noenhanced, \
     'plots/p02-server.backup-workers=0_worker.delay=lognormal_2_1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-server.backup-workers=0_worker.delay=lognormal_2_1-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'backup-workers=0 delay=lognormal:2:1 lr=0.8' noenhanced, \
     'plots/p03-server.backup-workers=0_worker.delay=pareto_1.5_0.666667-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-server.backup-workers=0_worker.delay=pareto_1.5_0.666667-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'backup-workers=0 delay=pareto:1.5:0.666667 lr=0.8' noenhanced, \
     'plots/p04-server.backup-workers=0_worker.delay=pareto_3_1.333333-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-server.backup-workers=0_worker.delay=pareto_3_1.333333-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'backup-workers=0 delay=pareto:3:1.333333 lr=0.8' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-2.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p05-server.backup-workers=1_worker.delay=const_2-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p05-server.backup-workers=1_worker.delay=const_2-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'backup-workers=1 delay=const:2 lr=0.8' noenhanced, \
     'plots/p06-server.backup-workers=1_worker.delay=lognormal_2_1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p06-server.backup-workers=1_worker.delay=lognormal_2_1-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'backup-workers=1 delay=lognormal:2:1 lr=0.8' noenhanced, \
     'plots/p07-server.backup-workers=1_worker.delay=pareto_1.5_0.666667-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p07-server.backup-workers=1_worker.delay=pareto_1.5_0.666667-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'backup-workers=1 delay=pareto:1.5:0.666667 lr=0.8' noenhanced, \
     'plots/p08-server.backup-workers=1_worker.delay=pareto_3_1.333333-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p08-server.backup-workers=1_worker.delay=pareto_3_1.333333-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'backup-workers=1 delay=pareto:3:1.333333 lr=0.8' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-2.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p05-server.backup-workers=1_worker.delay=const_2-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p05-server.backup-workers=1_worker.delay=const_2-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'backup-workers=1 delay=const:2 lr=0.8' noenhanced, \
     'plots/p06-server.backup-workers=1_worker.delay=lognormal_2_1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p06-server.backup-workers=1_worker.delay=lognormal_2_1-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'backup-workers=1 delay=lognormal:2:1 lr=0.8' noenhanced, \
     'plots/p07-server.backup-workers=1_worker.delay=pareto_1.5_0.666667-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p07-server.backup-workers=1_worker.delay=pareto_1.5_0.666667-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'backup-workers=1 delay=pareto:1.5:0.666667 lr=0.8' noenhanced, \
     'plots/p08-server.backup-workers=1_worker.delay=pareto_3_1.333333-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p08-server.backup-workers=1_worker.delay=pareto_3_1.333333-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'backup-workers=1 delay=pareto:3:1.333333 lr=0.8' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-3.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p09-server.backup-workers=2_worker.delay=const_2-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p09-server.backup-workers=2_worker.delay=const_2-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'backup-workers=2 delay=const:2 lr=0.8' noenhanced, \
     'plots/p10-server.backup-workers=2_worker.delay=lognormal_2_1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p10-server.backup-workers=2_worker.delay=lognormal_2_1-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'backup-workers=2 delay=lognormal:2:1 lr=0.8' noenhanced, \
     'plots/p11-server.backup-workers=2_worker.delay=pareto_1.5_0.666667-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p11-server.backup-workers=2_worker.delay=pareto_1.5_0.666667-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'backup-workers=2 delay=pareto:1.5:0.666667 lr=0.8' noenhanced, \
     'plots/p12-server.backup-workers=2_worker.delay=pareto_3_1.333333-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p12-server.backup-workers=2_worker.delay=pareto_3_1.333333-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'backup-workers=2 delay=pareto:3:1.333333 lr=0.8' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-3.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p09-server.backup-workers=2_worker.delay=const_2-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p09-server.backup-workers=2_worker.delay=const_2-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'backup-workers=2 delay=const:2 lr=0.8' noenhanced, \
     'plots/p10-server.backup-workers=2_worker.delay=lognormal_2_1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p10-server.backup-workers=2_worker.delay=lognormal_2_1-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'backup-workers=2 delay=lognormal:2:1 lr=0.8' noenhanced, \
     'plots/p11-server.backup-workers=2_worker.delay=pareto_1.5_0.666667-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p11-server.backup-workers=2_worker.delay=pareto_1.5_0.666667-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'backup-workers=2 delay=pareto:1.5:0.666667 lr=0.8' noenhanced, \
     'plots/p12-server.backup-workers=2_worker.delay=pareto_3_1.333333-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p12-server.backup-workers=2_worker.delay=pareto_3_1.333333-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'backup-workers=2 delay=pareto:3:1.333333 lr=0.8' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-4.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p13-server.backup-workers=4_worker.delay=const_2-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p13-server.backup-workers=4_worker.delay=const_2-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'backup-workers=4 delay=const:2 lr=0.8' noenhanced, \
     'plots/p14-server.backup-workers=4_worker.delay=lognormal_2_1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p14-server.backup-workers=4_worker.delay=lognormal_2_1-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'backup-workers=4 delay=lognormal:2:1 lr=0.8' noenhanced, \
     'plots/p15-server.backup-workers=4_worker.delay=pareto_1.5_0.666667-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p15-server.backup-workers=4_worker.delay=pareto_1.5_0.666667-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'backup-workers=4 delay=pareto:1.5:0.666667 lr=0.8' noenhanced, \
     'plots/p16-server.backup-workers=4_worker.delay=pareto_3_1.333333-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p16-server.backup-workers=4_worker.delay=pareto_3_1.333333-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'backup-workers=4 delay=pareto:3:1.333333 lr=0.8' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-4.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p13-server.backup-workers=4_worker.delay=const_2-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p13-server.backup-workers=4_worker.delay=const_2-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'backup-workers=4 delay=const:2 lr=0.8' noenhanced, \
     'plots/p14-server.backup-workers=4_worker.delay=lognormal_2_1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p14-server.backup-workers=4_worker.delay=lognormal_2_1-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'backup-workers=4 delay=lognormal:2:1 lr=0.8' noenhanced, \
     'plots/p15-server.backup-workers=4_worker.delay=pareto_1.5_0.666667-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p15-server.backup-workers=4_worker.delay=pareto_1.5_0.666667-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'backup-workers=4 delay=pareto:1.5:0.666667 lr=0.8' noenhanced, \
     'plots/p16-server.backup-workers=4_worker.delay=pareto_3_1.333333-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p16-server.backup-workers=4_worker.delay=pareto_3_1.333333-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'backup-workers=4 delay=pareto:3:1.333333 lr=0.8' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-1.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-server.backup-workers=0_worker.delay=const_2-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-server.backup-workers=0_worker.delay=const_2-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'backup-workers=0 delay=const:2 lr=0.8' noenhanced, \
     'plots/p02-server.backup-workers=0_worker.delay=lognormal_2_1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-server.backup-workers=0_worker.delay=lognormal_2_1-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'backup-workers=0 delay=lognormal:2:1 lr=0.8' noenhanced, \
     'plots/p03-server.backup-workers=0_worker.delay=pareto_1.5_0.666667-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-server.backup-workers=0_worker.delay=pareto_1.5_0.666667-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'backup-workers=0 delay=pareto:1.5:0.666667 lr=0.8' noenhanced, \
     'plots/p04-server.backup-workers=0_worker.delay=pareto_3_1.333333-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-server.backup-workers=0_worker.delay=pareto_3_1.333333-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'backup-workers=0 delay=pareto:3:1.333333 lr=0.8' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-1.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-server.backup-workers=0_worker.delay=const_2-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-server.backup-workers=0_worker.delay=const_2-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'backup-workers=0 delay=const:2 lr=0.8' noenhanced, \
     'plots/p02-server.backup-workers=0_worker.delay=lognormal_2_1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-server.backup-workers=0_worker.delay=lognormal_2_1-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'backup-workers=0 delay=lognormal:2:1 lr=0.8' noenhanced, \
     'plots/p03-server.backup-workers=0_worker.delay=pareto_1.5_0.666667-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-server.backup-workers=0_worker.delay=pareto_1.5_0.666667-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'backup-workers=0 delay=pareto:1.5:0.666667 lr=0.8' noenhanced, \
     'plots/p04-server.backup-workers=0_worker.delay=pareto_3_1.333333-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-server.backup-workers=0_worker.delay=pareto_3_1.333333-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'backup-workers=0 delay=pareto:3:1.333333 lr=0.8' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-2.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p05-server.backup-workers=1_worker.delay=const_2-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p05-server.backup-workers=1_worker.delay=const_2-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'backup-workers=1 delay=const:2 lr=0.8' noenhanced, \
     'plots/p06-server.backup-workers=1_worker.delay=lognormal_2_1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p06-server.backup-workers=1_worker.delay=lognormal_2_1-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'backup-workers=1 delay=lognormal:2:1 lr=0.8' noenhanced, \
     'plots/p07-server.backup-workers=1_worker.delay=pareto_1.5_0.666667-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p07-server.backup-workers=1_worker.delay=pareto_1.5_0.666667-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'backup-workers=1 delay=pareto:1.5:0.666667 lr=0.8' noenhanced, \
     'plots/p08-server.backup-workers=1_worker.delay=pareto_3_1.333333-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p08-server.backup-workers=1_worker.delay=pareto_3_1.333333-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'backup-workers=1 delay=pareto:3:1.333333 lr=0.8' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-2.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p05-server.backup-workers=1_worker.delay=const_2-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p05-server.backup-workers=1_worker.delay=const_2-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'backup-workers=1 delay=const:2 lr=0.8' noenhanced, \
     'plots/p06-server.backup-workers=1_worker.delay=lognormal_2_1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p06-server.backup-workers=1_worker.delay=lognormal_2_1-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'backup-workers=1 delay=lognormal:2:1 lr=0.8' noenhanced, \
     'plots/p07-server.backup-workers=1_worker.delay=pareto_1.5_0.666667-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p07-server.backup-workers=1_worker.delay=pareto_1.5_0.666667-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'backup-workers=1 delay=pareto:1.5:0.666667 lr=0.8' noenhanced, \
     'plots/p08-server.backup-workers=1_worker.delay=pareto_3_1.333333-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p08-server.backup-workers=1_worker.delay=pareto_3_1.333333-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'backup-workers=1 delay=pareto:3:1.333333 lr=0.8' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-3.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p09-server.backup-workers=2_worker.delay=const_2-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p09-server.backup-workers=2_worker.delay=const_2-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'backup-workers=2 delay=const:2 lr=0.8' noenhanced, \
     'plots/p10-server.backup-workers=2_worker.delay=lognormal_2_1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p10-server.backup-workers=2_worker.delay=lognormal_2_1-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'backup-workers=2 delay=lognormal:2:1 lr=0.8' noenhanced, \
     'plots/p11-server.backup-workers=2_worker.delay=pareto_1.5_0.666667-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p11-server.backup-workers=2_worker.delay=pareto_1.5_0.666667-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'backup-workers=2 delay=pareto:1.5:0.666667 lr=0.8' noenhanced, \
     'plots/p12-server.backup-workers=2_worker.delay=pareto_3_1.333333-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p12-server.backup-workers=2_worker.delay=pareto_3_1.333333-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'backup-workers=2 delay=pareto:3:1.333333 lr=0.8' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-3.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p09-server.backup-workers=2_worker.delay=const_2-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p09-server.backup-workers=2_worker.delay=const_2-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'backup-workers=2 delay=const:2 lr=0.8' noenhanced, \
     'plots/p10-server.backup-workers=2_worker.delay=lognormal_2_1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p10-server.backup-workers=2_worker.delay=lognormal_2_1-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'backup-workers=2 delay=lognormal:2:1 lr=0.8' noenhanced, \
     'plots/p11-server.backup-workers=2_worker.delay=pareto_1.5_0.666667-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p11-server.backup-workers=2_worker.delay=pareto_1.5_0.666667-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'backup-workers=2 delay=pareto:1.5:0.666667 lr=0.8' noenhanced, \
     'plots/p12-server.backup-workers=2_worker.delay=pareto_3_1.333333-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p12-server.backup-workers=2_worker.delay=pareto_3_1.333333-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'backup-workers=2 delay=pareto:3:1.333333 lr=0.8' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-4.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p13-server.backup-workers=4_worker.delay=const_2-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p13-server.backup-workers=4_worker.delay=const_2-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'backup-workers=4 delay=const:2 lr=0.8' noenhanced, \
     'plots/p14-server.backup-workers=4_worker.delay=lognormal_2_1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p14-server.backup-workers=4_worker.delay=lognormal_2_1-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'backup-workers=4 delay=lognormal:2:1 lr=0.8' noenhanced, \
     'plots/p15-server.backup-workers=4_worker.delay=pareto_1.5_0.666667-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p15-server.backup-workers=4_worker.delay=pareto_1.5_0.666667-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'backup-workers=4 delay=pareto:1.5:0.666667 lr=0.8' noenhanced, \
     'plots/p16-server.backup-workers=4_worker.delay=pareto_3_1.333333-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p16-server.backup-workers=4_worker.delay=pareto_3_1.333333-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'backup-workers=4 delay=pareto:3:1.333333 lr=0.8' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-4.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p13-server.backup-workers=4_worker.delay=const_2-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p13-server.backup-workers=4_worker.delay=const_2-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'backup-workers=4 delay=const:2 lr=0.8' noenhanced, \
     'plots/p14-server.backup-workers=4_worker.delay=lognormal_2_1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p14-server.backup-workers=4_worker.delay=lognormal_2_1-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'backup-workers=4 delay=lognormal:2:1 lr=0.8' noenhanced, \
     'plots/p15-server.backup-workers=4_worker.delay=pareto_1.5_0.666667-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p15-server.backup-workers=4_worker.delay=pareto_1.5_0.666667-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'backup-workers=4 delay=pareto:1.5:0.666667 lr=0.8' noenhanced, \
     'plots/p16-server.backup-workers=4_worker.delay=pareto_3_1.333333-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p16-server.backup-workers=4_worker.delay=pareto_3_1.333333-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'backup-workers=4 delay=pareto:3:1.333333 lr=0.8' noenhanced

unset logscale x
set format x '%g'
unset logscale y
set format y '%g'
unset arrow
set format x '%g'
set autoscale y
set autoscale xfixmax
set style fill solid 0.6
set boxwidth 0.8
set key off
set xlabel 'staleness of a push (versions)'
set ylabel 'pushes'
set xrange [-0.5:*]
set terminal @pngterm size 700,450
set output 'staleness-p01-server.backup-workers=0_worker.delay=const_2.png'
set title 'backup-workers=0 delay=const:2 lr=0.8' noenhanced
plot 'plots/p01-server.backup-workers=0_worker.delay=const_2-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p01-server.backup-workers=0_worker.delay=const_2.svg'
set title 'backup-workers=0 delay=const:2 lr=0.8' noenhanced
plot 'plots/p01-server.backup-workers=0_worker.delay=const_2-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p02-server.backup-workers=0_worker.delay=lognormal_2_1.png'
set title 'backup-workers=0 delay=lognormal:2:1 lr=0.8' noenhanced
plot 'plots/p02-server.backup-workers=0_worker.delay=lognormal_2_1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p02-server.backup-workers=0_worker.delay=lognormal_2_1.svg'
set title 'backup-workers=0 delay=lognormal:2:1 lr=0.8' noenhanced
plot 'plots/p02-server.backup-workers=0_worker.delay=lognormal_2_1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p03-server.backup-workers=0_worker.delay=pareto_1.5_0.666667.png'
set title 'backup-workers=0 delay=pareto:1.5:0.666667 lr=0.8' noenhanced
plot 'plots/p03-server.backup-workers=0_worker.delay=pareto_1.5_0.666667-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p03-server.backup-workers=0_worker.delay=pareto_1.5_0.666667.svg'
set title 'backup-workers=0 delay=pareto:1.5:0.666667 lr=0.8' noenhanced
plot 'plots/p03-server.backup-workers=0_worker.delay=pareto_1.5_0.666667-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p04-server.backup-workers=0_worker.delay=pareto_3_1.333333.png'
set title 'backup-workers=0 delay=pareto:3:1.333333 lr=0.8' noenhanced
plot 'plots/p04-server.backup-workers=0_worker.delay=pareto_3_1.333333-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p04-server.backup-workers=0_worker.delay=pareto_3_1.333333.svg'
set title 'backup-workers=0 delay=pareto:3:1.333333 lr=0.8' noenhanced
plot 'plots/p04-server.backup-workers=0_worker.delay=pareto_3_1.333333-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p05-server.backup-workers=1_worker.delay=const_2.png'
set title 'backup-workers=1 delay=const:2 lr=0.8' noenhanced
plot 'plots/p05-server.backup-workers=1_worker.delay=const_2-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p05-server.backup-workers=1_worker.delay=const_2.svg'
set title 'backup-workers=1 delay=const:2 lr=0.8' noenhanced
plot 'plots/p05-server.backup-workers=1_worker.delay=const_2-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p06-server.backup-workers=1_worker.delay=lognormal_2_1.png'
set title 'backup-workers=1 delay=lognormal:2:1 lr=0.8' noenhanced
plot 'plots/p06-server.backup-workers=1_worker.delay=lognormal_2_1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p06-server.backup-workers=1_worker.delay=lognormal_2_1.svg'
set title 'backup-workers=1 delay=lognormal:2:1 lr=0.8' noenhanced
plot 'plots/p06-server.backup-workers=1_worker.delay=lognormal_2_1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p07-server.backup-workers=1_worker.delay=pareto_1.5_0.666667.png'
set title 'backup-workers=1 delay=pareto:1.5:0.666667 lr=0.8' noenhanced
plot 'plots/p07-server.backup-workers=1_worker.delay=pareto_1.5_0.666667-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p07-server.backup-workers=1_worker.delay=pareto_1.5_0.666667.svg'
set title 'backup-workers=1 delay=pareto:1.5:0.666667 lr=0.8' noenhanced
plot 'plots/p07-server.backup-workers=1_worker.delay=pareto_1.5_0.666667-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p08-server.backup-workers=1_worker.delay=pareto_3_1.333333.png'
set title 'backup-workers=1 delay=pareto:3:1.333333 lr=0.8' noenhanced
plot 'plots/p08-server.backup-workers=1_worker.delay=pareto_3_1.333333-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p08-server.backup-workers=1_worker.delay=pareto_3_1.333333.svg'
set title 'backup-workers=1 delay=pareto:3:1.333333 lr=0.8' noenhanced
plot 'plots/p08-server.backup-workers=1_worker.delay=pareto_3_1.333333-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p09-server.backup-workers=2_worker.delay=const_2.png'
set title 'backup-workers=2 delay=const:2 lr=0.8' noenhanced
plot 'plots/p09-server.backup-workers=2_worker.delay=const_2-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p09-server.backup-workers=2_worker.delay=const_2.svg'
set title 'backup-workers=2 delay=const:2 lr=0.8' noenhanced
plot 'plots/p09-server.backup-workers=2_worker.delay=const_2-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p10-server.backup-workers=2_worker.delay=lognormal_2_1.png'
set title 'backup-workers=2 delay=lognormal:2:1 lr=0.8' noenhanced
plot 'plots/p10-server.backup-workers=2_worker.delay=lognormal_2_1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p10-server.backup-workers=2_worker.delay=lognormal_2_1.svg'
set title 'backup-workers=2 delay=lognormal:2:1 lr=0.8' noenhanced
plot 'plots/p10-server.backup-workers=2_worker.delay=lognormal_2_1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p11-server.backup-workers=2_worker.delay=pareto_1.5_0.666667.png'
set title 'backup-workers=2 delay=pareto:1.5:0.666667 lr=0.8' noenhanced
plot 'plots/p11-server.backup-workers=2_worker.delay=pareto_1.5_0.666667-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p11-server.backup-workers=2_worker.delay=pareto_1.5_0.666667.svg'
set title 'backup-workers=2 delay=pareto:1.5:0.666667 lr=0.8' noenhanced
plot 'plots/p11-server.backup-workers=2_worker.delay=pareto_1.5_0.666667-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p12-server.backup-workers=2_worker.delay=pareto_3_1.333333.png'
set title 'backup-workers=2 delay=pareto:3:1.333333 lr=0.8' noenhanced
plot 'plots/p12-server.backup-workers=2_worker.delay=pareto_3_1.333333-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p12-server.backup-workers=2_worker.delay=pareto_3_1.333333.svg'
set title 'backup-workers=2 delay=pareto:3:1.333333 lr=0.8' noenhanced
plot 'plots/p12-server.backup-workers=2_worker.delay=pareto_3_1.333333-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p13-server.backup-workers=4_worker.delay=const_2.png'
set title 'backup-workers=4 delay=const:2 lr=0.8' noenhanced
plot 'plots/p13-server.backup-workers=4_worker.delay=const_2-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p13-server.backup-workers=4_worker.delay=const_2.svg'
set title 'backup-workers=4 delay=const:2 lr=0.8' noenhanced
plot 'plots/p13-server.backup-workers=4_worker.delay=const_2-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p14-server.backup-workers=4_worker.delay=lognormal_2_1.png'
set title 'backup-workers=4 delay=lognormal:2:1 lr=0.8' noenhanced
plot 'plots/p14-server.backup-workers=4_worker.delay=lognormal_2_1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p14-server.backup-workers=4_worker.delay=lognormal_2_1.svg'
set title 'backup-workers=4 delay=lognormal:2:1 lr=0.8' noenhanced
plot 'plots/p14-server.backup-workers=4_worker.delay=lognormal_2_1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p15-server.backup-workers=4_worker.delay=pareto_1.5_0.666667.png'
set title 'backup-workers=4 delay=pareto:1.5:0.666667 lr=0.8' noenhanced
plot 'plots/p15-server.backup-workers=4_worker.delay=pareto_1.5_0.666667-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p15-server.backup-workers=4_worker.delay=pareto_1.5_0.666667.svg'
set title 'backup-workers=4 delay=pareto:1.5:0.666667 lr=0.8' noenhanced
plot 'plots/p15-server.backup-workers=4_worker.delay=pareto_1.5_0.666667-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p16-server.backup-workers=4_worker.delay=pareto_3_1.333333.png'
set title 'backup-workers=4 delay=pareto:3:1.333333 lr=0.8' noenhanced
plot 'plots/p16-server.backup-workers=4_worker.delay=pareto_3_1.333333-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p16-server.backup-workers=4_worker.delay=pareto_3_1.333333.svg'
set title 'backup-workers=4 delay=pareto:3:1.333333 lr=0.8' noenhanced
plot 'plots/p16-server.backup-workers=4_worker.delay=pareto_3_1.333333-staleness.dat' using 1:2 with boxes
