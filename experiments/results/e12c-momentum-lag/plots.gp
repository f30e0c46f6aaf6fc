# Written by taups-sweep for /work/main/experiments/e12c-momentum-lag.ini; redraw with: cd experiments/results/e12c-momentum-lag && gnuplot plots.gp
# Each curve is a configuration's median over its successful seeds, its band their interquartile range.
set macros
pngterm = (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) ? 'pngcairo' : 'png'
set grid
set key outside below left Left reverse maxcols 2 height 1 noenhanced
set logscale y
set format y '%.0e'
set yrange [*:100]

set terminal @pngterm size 900,720
set output 'metric_vs_time-1.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-worker.read-lag=1_server.momentum=0-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-worker.read-lag=1_server.momentum=0-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'read-lag=1 momentum=0 lr=0.8' noenhanced, \
     'plots/p02-worker.read-lag=1_server.momentum=0.5-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-worker.read-lag=1_server.momentum=0.5-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'read-lag=1 momentum=0.5 lr=0.4' noenhanced, \
     'plots/p03-worker.read-lag=1_server.momentum=0.7-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-worker.read-lag=1_server.momentum=0.7-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'read-lag=1 momentum=0.7 lr=0.2' noenhanced, \
     'plots/p04-worker.read-lag=1_server.momentum=0.85-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-worker.read-lag=1_server.momentum=0.85-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'read-lag=1 momentum=0.85 lr=0.1' noenhanced, \
     'plots/p05-worker.read-lag=1_server.momentum=0.95-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-worker.read-lag=1_server.momentum=0.95-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'read-lag=1 momentum=0.95 lr=0.025' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-1.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-worker.read-lag=1_server.momentum=0-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-worker.read-lag=1_server.momentum=0-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'read-lag=1 momentum=0 lr=0.8' noenhanced, \
     'plots/p02-worker.read-lag=1_server.momentum=0.5-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-worker.read-lag=1_server.momentum=0.5-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'read-lag=1 momentum=0.5 lr=0.4' noenhanced, \
     'plots/p03-worker.read-lag=1_server.momentum=0.7-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-worker.read-lag=1_server.momentum=0.7-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'read-lag=1 momentum=0.7 lr=0.2' noenhanced, \
     'plots/p04-worker.read-lag=1_server.momentum=0.85-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-worker.read-lag=1_server.momentum=0.85-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'read-lag=1 momentum=0.85 lr=0.1' noenhanced, \
     'plots/p05-worker.read-lag=1_server.momentum=0.95-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-worker.read-lag=1_server.momentum=0.95-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'read-lag=1 momentum=0.95 lr=0.025' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-2.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p06-worker.read-lag=3_server.momentum=0-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p06-worker.read-lag=3_server.momentum=0-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'read-lag=3 momentum=0 lr=0.4' noenhanced, \
     'plots/p07-worker.read-lag=3_server.momentum=0.5-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p07-worker.read-lag=3_server.momentum=0.5-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'read-lag=3 momentum=0.5 lr=0.1' noenhanced, \
     'plots/p08-worker.read-lag=3_server.momentum=0.7-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p08-worker.read-lag=3_server.momentum=0.7-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'read-lag=3 momentum=0.7 lr=0.1' noenhanced, \
     'plots/p09-worker.read-lag=3_server.momentum=0.85-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p09-worker.read-lag=3_server.momentum=0.85-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'read-lag=3 momentum=0.85 lr=0.05' noenhanced, \
     'plots/p10-worker.read-lag=3_server.momentum=0.95-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p10-worker.read-lag=3_server.momentum=0.95-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'read-lag=3 momentum=0.95 lr=0.0125' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-2.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p06-worker.read-lag=3_server.momentum=0-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p06-worker.read-lag=3_server.momentum=0-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'read-lag=3 momentum=0 lr=0.4' noenhanced, \
     'plots/p07-worker.read-lag=3_server.momentum=0.5-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p07-worker.read-lag=3_server.momentum=0.5-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'read-lag=3 momentum=0.5 lr=0.1' noenhanced, \
     'plots/p08-worker.read-lag=3_server.momentum=0.7-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p08-worker.read-lag=3_server.momentum=0.7-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'read-lag=3 momentum=0.7 lr=0.1' noenhanced, \
     'plots/p09-worker.read-lag=3_server.momentum=0.85-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p09-worker.read-lag=3_server.momentum=0.85-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'read-lag=3 momentum=0.85 lr=0.05' noenhanced, \
     'plots/p10-worker.read-lag=3_server.momentum=0.95-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p10-worker.read-lag=3_server.momentum=0.95-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'read-lag=3 momentum=0.95 lr=0.0125' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-3.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p11-worker.read-lag=7_server.momentum=0-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p11-worker.read-lag=7_server.momentum=0-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'read-lag=7 momentum=0 lr=0.2' noenhanced, \
     'plots/p12-worker.read-lag=7_server.momentum=0.5-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p12-worker.read-lag=7_server.momentum=0.5-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'read-lag=7 momentum=0.5 lr=0.05' noenhanced, \
     'plots/p13-worker.read-lag=7_server.momentum=0.7-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p13-worker.read-lag=7_server.momentum=0.7-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'read-lag=7 momentum=0.7 lr=0.05' noenhanced, \
     'plots/p14-worker.read-lag=7_server.momentum=0.85-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p14-worker.read-lag=7_server.momentum=0.85-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'read-lag=7 momentum=0.85 lr=0.0125' noenhanced, \
     'plots/p15-worker.read-lag=7_server.momentum=0.95-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p15-worker.read-lag=7_server.momentum=0.95-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'read-lag=7 momentum=0.95 lr=0.00625' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-3.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p11-worker.read-lag=7_server.momentum=0-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p11-worker.read-lag=7_server.momentum=0-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'read-lag=7 momentum=0 lr=0.2' noenhanced, \
     'plots/p12-worker.read-lag=7_server.momentum=0.5-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p12-worker.read-lag=7_server.momentum=0.5-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'read-lag=7 momentum=0.5 lr=0.05' noenhanced, \
     'plots/p13-worker.read-lag=7_server.momentum=0.7-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p13-worker.read-lag=7_server.momentum=0.7-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'read-lag=7 momentum=0.7 lr=0.05' noenhanced, \
     'plots/p14-worker.read-lag=7_server.momentum=0.85-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p14-worker.read-lag=7_server.momentum=0.85-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'read-lag=7 momentum=0.85 lr=0.0125' noenhanced, \
     'plots/p15-worker.read-lag=7_server.momentum=0.95-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p15-worker.read-lag=7_server.momentum=0.95-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'read-lag=7 momentum=0.95 lr=0.00625' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-1.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-worker.read-lag=1_server.momentum=0-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-worker.read-lag=1_server.momentum=0-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'read-lag=1 momentum=0 lr=0.8' noenhanced, \
     'plots/p02-worker.read-lag=1_server.momentum=0.5-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-worker.read-lag=1_server.momentum=0.5-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'read-lag=1 momentum=0.5 lr=0.4' noenhanced, \
     'plots/p03-worker.read-lag=1_server.momentum=0.7-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-worker.read-lag=1_server.momentum=0.7-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'read-lag=1 momentum=0.7 lr=0.2' noenhanced, \
     'plots/p04-worker.read-lag=1_server.momentum=0.85-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-worker.read-lag=1_server.momentum=0.85-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'read-lag=1 momentum=0.85 lr=0.1' noenhanced, \
     'plots/p05-worker.read-lag=1_server.momentum=0.95-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-worker.read-lag=1_server.momentum=0.95-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'read-lag=1 momentum=0.95 lr=0.025' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-1.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-worker.read-lag=1_server.momentum=0-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-worker.read-lag=1_server.momentum=0-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'read-lag=1 momentum=0 lr=0.8' noenhanced, \
     'plots/p02-worker.read-lag=1_server.momentum=0.5-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-worker.read-lag=1_server.momentum=0.5-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'read-lag=1 momentum=0.5 lr=0.4' noenhanced, \
     'plots/p03-worker.read-lag=1_server.momentum=0.7-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-worker.read-lag=1_server.momentum=0.7-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'read-lag=1 momentum=0.7 lr=0.2' noenhanced, \
     'plots/p04-worker.read-lag=1_server.momentum=0.85-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-worker.read-lag=1_server.momentum=0.85-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'read-lag=1 momentum=0.85 lr=0.1' noenhanced, \
     'plots/p05-worker.read-lag=1_server.momentum=0.95-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-worker.read-lag=1_server.momentum=0.95-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'read-lag=1 momentum=0.95 lr=0.025' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-2.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p06-worker.read-lag=3_server.momentum=0-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p06-worker.read-lag=3_server.momentum=0-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'read-lag=3 momentum=0 lr=0.4' noenhanced, \
     'plots/p07-worker.read-lag=3_server.momentum=0.5-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p07-worker.read-lag=3_server.momentum=0.5-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'read-lag=3 momentum=0.5 lr=0.1' noenhanced, \
     'plots/p08-worker.read-lag=3_server.momentum=0.7-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p08-worker.read-lag=3_server.momentum=0.7-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'read-lag=3 momentum=0.7 lr=0.1' noenhanced, \
     'plots/p09-worker.read-lag=3_server.momentum=0.85-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p09-worker.read-lag=3_server.momentum=0.85-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'read-lag=3 momentum=0.85 lr=0.05' noenhanced, \
     'plots/p10-worker.read-lag=3_server.momentum=0.95-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p10-worker.read-lag=3_server.momentum=0.95-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'read-lag=3 momentum=0.95 lr=0.0125' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-2.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p06-worker.read-lag=3_server.momentum=0-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p06-worker.read-lag=3_server.momentum=0-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'read-lag=3 momentum=0 lr=0.4' noenhanced, \
     'plots/p07-worker.read-lag=3_server.momentum=0.5-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p07-worker.read-lag=3_server.momentum=0.5-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'read-lag=3 momentum=0.5 lr=0.1' noenhanced, \
     'plots/p08-worker.read-lag=3_server.momentum=0.7-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p08-worker.read-lag=3_server.momentum=0.7-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'read-lag=3 momentum=0.7 lr=0.1' noenhanced, \
     'plots/p09-worker.read-lag=3_server.momentum=0.85-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p09-worker.read-lag=3_server.momentum=0.85-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'read-lag=3 momentum=0.85 lr=0.05' noenhanced, \
     'plots/p10-worker.read-lag=3_server.momentum=0.95-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p10-worker.read-lag=3_server.momentum=0.95-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'read-lag=3 momentum=0.95 lr=0.0125' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-3.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p11-worker.read-lag=7_server.momentum=0-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p11-worker.read-lag=7_server.momentum=0-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'read-lag=7 momentum=0 lr=0.2' noenhanced, \
     'plots/p12-worker.read-lag=7_server.momentum=0.5-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p12-worker.read-lag=7_server.momentum=0.5-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'read-lag=7 momentum=0.5 lr=0.05' noenhanced, \
     'plots/p13-worker.read-lag=7_server.momentum=0.7-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p13-worker.read-lag=7_server.momentum=0.7-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'read-lag=7 momentum=0.7 lr=0.05' noenhanced, \
     'plots/p14-worker.read-lag=7_server.momentum=0.85-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p14-worker.read-lag=7_server.momentum=0.85-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'read-lag=7 momentum=0.85 lr=0.0125' noenhanced, \
     'plots/p15-worker.read-lag=7_server.momentum=0.95-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p15-worker.read-lag=7_server.momentum=0.95-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'read-lag=7 momentum=0.95 lr=0.00625' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-3.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p11-worker.read-lag=7_server.momentum=0-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p11-worker.read-lag=7_server.momentum=0-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'read-lag=7 momentum=0 lr=0.2' noenhanced, \
     'plots/p12-worker.read-lag=7_server.momentum=0.5-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p12-worker.read-lag=7_server.momentum=0.5-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'read-lag=7 momentum=0.5 lr=0.05' noenhanced, \
     'plots/p13-worker.read-lag=7_server.momentum=0.7-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p13-worker.read-lag=7_server.momentum=0.7-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'read-lag=7 momentum=0.7 lr=0.05' noenhanced, \
     'plots/p14-worker.read-lag=7_server.momentum=0.85-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p14-worker.read-lag=7_server.momentum=0.85-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'read-lag=7 momentum=0.85 lr=0.0125' noenhanced, \
     'plots/p15-worker.read-lag=7_server.momentum=0.95-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p15-worker.read-lag=7_server.momentum=0.95-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'read-lag=7 momentum=0.95 lr=0.00625' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-1.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-worker.read-lag=1_server.momentum=0-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-worker.read-lag=1_server.momentum=0-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'read-lag=1 momentum=0 lr=0.8' noenhanced, \
     'plots/p02-worker.read-lag=1_server.momentum=0.5-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-worker.read-lag=1_server.momentum=0.5-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'read-lag=1 momentum=0.5 lr=0.4' noenhanced, \
     'plots/p03-worker.read-lag=1_server.momentum=0.7-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-worker.read-lag=1_server.momentum=0.7-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'read-lag=1 momentum=0.7 lr=0.2' noenhanced, \
     'plots/p04-worker.read-lag=1_server.momentum=0.85-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-worker.read-lag=1_server.momentum=0.85-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'read-lag=1 momentum=0.85 lr=0.1' noenhanced, \
     'plots/p05-worker.read-lag=1_server.momentum=0.95-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-worker.read-lag=1_server.momentum=0.95-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'read-lag=1 momentum=0.95 lr=0.025' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-1.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-worker.read-lag=1_server.momentum=0-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-worker.read-lag=1_server.momentum=0-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'read-lag=1 momentum=0 lr=0.8' noenhanced, \
     'plots/p02-worker.read-lag=1_server.momentum=0.5-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-worker.read-lag=1_server.momentum=0.5-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'read-lag=1 momentum=0.5 lr=0.4' noenhanced, \
     'plots/p03-worker.read-lag=1_server.momentum=0.7-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-worker.read-lag=1_server.momentum=0.7-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'read-lag=1 momentum=0.7 lr=0.2' noenhanced, \
     'plots/p04-worker.read-lag=1_server.momentum=0.85-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-worker.read-lag=1_server.momentum=0.85-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'read-lag=1 momentum=0.85 lr=0.1' noenhanced, \
     'plots/p05-worker.read-lag=1_server.momentum=0.95-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-worker.read-lag=1_server.momentum=0.95-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'read-lag=1 momentum=0.95 lr=0.025' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-2.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p06-worker.read-lag=3_server.momentum=0-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p06-worker.read-lag=3_server.momentum=0-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'read-lag=3 momentum=0 lr=0.4' noenhanced, \
     'plots/p07-worker.read-lag=3_server.momentum=0.5-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p07-worker.read-lag=3_server.momentum=0.5-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'read-lag=3 momentum=0.5 lr=0.1' noenhanced, \
     'plots/p08-worker.read-lag=3_server.momentum=0.7-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p08-worker.read-lag=3_server.momentum=0.7-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'read-lag=3 momentum=0.7 lr=0.1' noenhanced, \
     'plots/p09-worker.read-lag=3_server.momentum=0.85-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p09-worker.read-lag=3_server.momentum=0.85-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'read-lag=3 momentum=0.85 lr=0.05' noenhanced, \
     'plots/p10-worker.read-lag=3_server.momentum=0.95-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p10-worker.read-lag=3_server.momentum=0.95-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'read-lag=3 momentum=0.95 lr=0.0125' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-2.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p06-worker.read-lag=3_server.momentum=0-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p06-worker.read-lag=3_server.momentum=0-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'read-lag=3 momentum=0 lr=0.4' noenhanced, \
     'plots/p07-worker.read-lag=3_server.momentum=0.5-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p07-worker.read-lag=3_server.momentum=0.5-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'read-lag=3 momentum=0.5 lr=0.1' noenhanced, \
     'plots/p08-worker.read-lag=3_server.momentum=0.7-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p08-worker.read-lag=3_server.momentum=0.7-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'read-lag=3 momentum=0.7 lr=0.1' noenhanced, \
     'plots/p09-worker.read-lag=3_server.momentum=0.85-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p09-worker.read-lag=3_server.momentum=0.85-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'read-lag=3 momentum=0.85 lr=0.05' noenhanced, \
     'plots/p10-worker.read-lag=3_server.momentum=0.95-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p10-worker.read-lag=3_server.momentum=0.95-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'read-lag=3 momentum=0.95 lr=0.0125' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-3.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p11-worker.read-lag=7_server.momentum=0-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p11-worker.read-lag=7_server.momentum=0-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'read-lag=7 momentum=0 lr=0.2' noenhanced, \
     'plots/p12-worker.read-lag=7_server.momentum=0.5-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p12-worker.read-lag=7_server.momentum=0.5-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'read-lag=7 momentum=0.5 lr=0.05' noenhanced, \
     'plots/p13-worker.read-lag=7_server.momentum=0.7-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p13-worker.read-lag=7_server.momentum=0.7-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'read-lag=7 momentum=0.7 lr=0.05' noenhanced, \
     'plots/p14-worker.read-lag=7_server.momentum=0.85-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p14-worker.read-lag=7_server.momentum=0.85-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'read-lag=7 momentum=0.85 lr=0.0125' noenhanced, \
     'plots/p15-worker.read-lag=7_server.momentum=0.95-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p15-worker.read-lag=7_server.momentum=0.95-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'read-lag=7 momentum=0.95 lr=0.00625' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-3.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p11-worker.read-lag=7_server.momentum=0-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p11-worker.read-lag=7_server.momentum=0-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'read-lag=7 momentum=0 lr=0.2' noenhanced, \
     'plots/p12-worker.read-lag=7_server.momentum=0.5-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p12-worker.read-lag=7_server.momentum=0.5-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'read-lag=7 momentum=0.5 lr=0.05' noenhanced, \
     'plots/p13-worker.read-lag=7_server.momentum=0.7-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p13-worker.read-lag=7_server.momentum=0.7-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'read-lag=7 momentum=0.7 lr=0.05' noenhanced, \
     'plots/p14-worker.read-lag=7_server.momentum=0.85-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p14-worker.read-lag=7_server.momentum=0.85-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'read-lag=7 momentum=0.85 lr=0.0125' noenhanced, \
     'plots/p15-worker.read-lag=7_server.momentum=0.95-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p15-worker.read-lag=7_server.momentum=0.95-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'read-lag=7 momentum=0.95 lr=0.00625' noenhanced

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
set output 'staleness-p01-worker.read-lag=1_server.momentum=0.png'
set title 'read-lag=1 momentum=0 lr=0.8' noenhanced
plot 'plots/p01-worker.read-lag=1_server.momentum=0-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p01-worker.read-lag=1_server.momentum=0.svg'
set title 'read-lag=1 momentum=0 lr=0.8' noenhanced
plot 'plots/p01-worker.read-lag=1_server.momentum=0-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p02-worker.read-lag=1_server.momentum=0.5.png'
set title 'read-lag=1 momentum=0.5 lr=0.4' noenhanced
plot 'plots/p02-worker.read-lag=1_server.momentum=0.5-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p02-worker.read-lag=1_server.momentum=0.5.svg'
set title 'read-lag=1 momentum=0.5 lr=0.4' noenhanced
plot 'plots/p02-worker.read-lag=1_server.momentum=0.5-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p03-worker.read-lag=1_server.momentum=0.7.png'
set title 'read-lag=1 momentum=0.7 lr=0.2' noenhanced
plot 'plots/p03-worker.read-lag=1_server.momentum=0.7-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p03-worker.read-lag=1_server.momentum=0.7.svg'
set title 'read-lag=1 momentum=0.7 lr=0.2' noenhanced
plot 'plots/p03-worker.read-lag=1_server.momentum=0.7-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p04-worker.read-lag=1_server.momentum=0.85.png'
set title 'read-lag=1 momentum=0.85 lr=0.1' noenhanced
plot 'plots/p04-worker.read-lag=1_server.momentum=0.85-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p04-worker.read-lag=1_server.momentum=0.85.svg'
set title 'read-lag=1 momentum=0.85 lr=0.1' noenhanced
plot 'plots/p04-worker.read-lag=1_server.momentum=0.85-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p05-worker.read-lag=1_server.momentum=0.95.png'
set title 'read-lag=1 momentum=0.95 lr=0.025' noenhanced
plot 'plots/p05-worker.read-lag=1_server.momentum=0.95-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p05-worker.read-lag=1_server.momentum=0.95.svg'
set title 'read-lag=1 momentum=0.95 lr=0.025' noenhanced
plot 'plots/p05-worker.read-lag=1_server.momentum=0.95-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p06-worker.read-lag=3_server.momentum=0.png'
set title 'read-lag=3 momentum=0 lr=0.4' noenhanced
plot 'plots/p06-worker.read-lag=3_server.momentum=0-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p06-worker.read-lag=3_server.momentum=0.svg'
set title 'read-lag=3 momentum=0 lr=0.4' noenhanced
plot 'plots/p06-worker.read-lag=3_server.momentum=0-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p07-worker.read-lag=3_server.momentum=0.5.png'
set title 'read-lag=3 momentum=0.5 lr=0.1' noenhanced
plot 'plots/p07-worker.read-lag=3_server.momentum=0.5-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p07-worker.read-lag=3_server.momentum=0.5.svg'
set title 'read-lag=3 momentum=0.5 lr=0.1' noenhanced
plot 'plots/p07-worker.read-lag=3_server.momentum=0.5-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p08-worker.read-lag=3_server.momentum=0.7.png'
set title 'read-lag=3 momentum=0.7 lr=0.1' noenhanced
plot 'plots/p08-worker.read-lag=3_server.momentum=0.7-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p08-worker.read-lag=3_server.momentum=0.7.svg'
set title 'read-lag=3 momentum=0.7 lr=0.1' noenhanced
plot 'plots/p08-worker.read-lag=3_server.momentum=0.7-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p09-worker.read-lag=3_server.momentum=0.85.png'
set title 'read-lag=3 momentum=0.85 lr=0.05' noenhanced
plot 'plots/p09-worker.read-lag=3_server.momentum=0.85-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p09-worker.read-lag=3_server.momentum=0.85.svg'
set title 'read-lag=3 momentum=0.85 lr=0.05' noenhanced
plot 'plots/p09-worker.read-lag=3_server.momentum=0.85-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p10-worker.read-lag=3_server.momentum=0.95.png'
set title 'read-lag=3 momentum=0.95 lr=0.0125' noenhanced
plot 'plots/p10-worker.read-lag=3_server.momentum=0.95-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p10-worker.read-lag=3_server.momentum=0.95.svg'
set title 'read-lag=3 momentum=0.95 lr=0.0125' noenhanced
plot 'plots/p10-worker.read-lag=3_server.momentum=0.95-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p11-worker.read-lag=7_server.momentum=0.png'
set title 'read-lag=7 momentum=0 lr=0.2' noenhanced
plot 'plots/p11-worker.read-lag=7_server.momentum=0-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p11-worker.read-lag=7_server.momentum=0.svg'
set title 'read-lag=7 momentum=0 lr=0.2' noenhanced
plot 'plots/p11-worker.read-lag=7_server.momentum=0-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p12-worker.read-lag=7_server.momentum=0.5.png'
set title 'read-lag=7 momentum=0.5 lr=0.05' noenhanced
plot 'plots/p12-worker.read-lag=7_server.momentum=0.5-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p12-worker.read-lag=7_server.momentum=0.5.svg'
set title 'read-lag=7 momentum=0.5 lr=0.05' noenhanced
plot 'plots/p12-worker.read-lag=7_server.momentum=0.5-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p13-worker.read-lag=7_server.momentum=0.7.png'
set title 'read-lag=7 momentum=0.7 lr=0.05' noenhanced
plot 'plots/p13-worker.read-lag=7_server.momentum=0.7-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p13-worker.read-lag=7_server.momentum=0.7.svg'
set title 'read-lag=7 momentum=0.7 lr=0.05' noenhanced
plot 'plots/p13-worker.read-lag=7_server.momentum=0.7-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p14-worker.read-lag=7_server.momentum=0.85.png'
set title 'read-lag=7 momentum=0.85 lr=0.0125' noenhanced
plot 'plots/p14-worker.read-lag=7_server.momentum=0.85-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p14-worker.read-lag=7_server.momentum=0.85.svg'
set title 'read-lag=7 momentum=0.85 lr=0.0125' noenhanced
plot 'plots/p14-worker.read-lag=7_server.momentum=0.85-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p15-worker.read-lag=7_server.momentum=0.95.png'
set title 'read-lag=7 momentum=0.95 lr=0.00625' noenhanced
plot 'plots/p15-worker.read-lag=7_server.momentum=0.95-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p15-worker.read-lag=7_server.momentum=0.95.svg'
set title 'read-lag=7 momentum=0.95 lr=0.00625' noenhanced
plot 'plots/p15-worker.read-lag=7_server.momentum=0.95-staleness.dat' using 1:2 with boxes
