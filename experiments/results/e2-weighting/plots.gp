# Written by taups-sweep for experiments/e2-weighting.ini; redraw with: cd experiments/results/e2-weighting && gnuplot plots.gp
# Curves are each configuration's first successful seed.
set macros
pngterm = (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) ? 'pngcairo' : 'png'
set grid
set key outside below left Left reverse maxcols 2 height 1 noenhanced
set logscale y
set format y '%.0e'
set yrange [*:100]

set terminal @pngterm size 900,720
set output 'metric_vs_time-1.png'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-worker.read-lag=8_worker.delay=none_server.staleness-weight=none_server.max-staleness=-1.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=8 delay=none staleness-weight=none max-staleness=-1' noenhanced, \
     'plots/p02-worker.read-lag=8_worker.delay=none_server.staleness-weight=inverse_server.max-staleness=-1.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=8 delay=none staleness-weight=inverse max-staleness=-1' noenhanced, \
     'plots/p03-worker.read-lag=8_worker.delay=none_server.staleness-weight=exp_0.2_server.max-staleness=-1.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=8 delay=none staleness-weight=exp:0.2 max-staleness=-1' noenhanced, \
     'plots/p04-worker.read-lag=8_worker.delay=none_server.staleness-weight=lrdiv_server.max-staleness=-1.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=8 delay=none staleness-weight=lrdiv max-staleness=-1' noenhanced, \
     'plots/p05-worker.read-lag=8_worker.delay=none_server.staleness-weight=none_server.max-staleness=16.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=8 delay=none staleness-weight=none max-staleness=16' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-1.svg'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-worker.read-lag=8_worker.delay=none_server.staleness-weight=none_server.max-staleness=-1.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=8 delay=none staleness-weight=none max-staleness=-1' noenhanced, \
     'plots/p02-worker.read-lag=8_worker.delay=none_server.staleness-weight=inverse_server.max-staleness=-1.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=8 delay=none staleness-weight=inverse max-staleness=-1' noenhanced, \
     'plots/p03-worker.read-lag=8_worker.delay=none_server.staleness-weight=exp_0.2_server.max-staleness=-1.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=8 delay=none staleness-weight=exp:0.2 max-staleness=-1' noenhanced, \
     'plots/p04-worker.read-lag=8_worker.delay=none_server.staleness-weight=lrdiv_server.max-staleness=-1.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=8 delay=none staleness-weight=lrdiv max-staleness=-1' noenhanced, \
     'plots/p05-worker.read-lag=8_worker.delay=none_server.staleness-weight=none_server.max-staleness=16.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=8 delay=none staleness-weight=none max-staleness=16' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-2.png'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p06-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_server.max-staleness=-1.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=none max-staleness=-1' noenhanced, \
     'plots/p07-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=inverse_server.max-staleness=-1.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=inverse max-staleness=-1' noenhanced, \
     'plots/p08-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=exp_0.2_server.max-staleness=-1.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=exp:0.2 max-staleness=-1' noenhanced, \
     'plots/p09-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=lrdiv_server.max-staleness=-1.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=lrdiv max-staleness=-1' noenhanced, \
     'plots/p10-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_server.max-staleness=16.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=none max-staleness=16' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-2.svg'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p06-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_server.max-staleness=-1.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=none max-staleness=-1' noenhanced, \
     'plots/p07-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=inverse_server.max-staleness=-1.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=inverse max-staleness=-1' noenhanced, \
     'plots/p08-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=exp_0.2_server.max-staleness=-1.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=exp:0.2 max-staleness=-1' noenhanced, \
     'plots/p09-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=lrdiv_server.max-staleness=-1.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=lrdiv max-staleness=-1' noenhanced, \
     'plots/p10-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_server.max-staleness=16.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=none max-staleness=16' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-1.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-worker.read-lag=8_worker.delay=none_server.staleness-weight=none_server.max-staleness=-1.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=8 delay=none staleness-weight=none max-staleness=-1' noenhanced, \
     'plots/p02-worker.read-lag=8_worker.delay=none_server.staleness-weight=inverse_server.max-staleness=-1.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=8 delay=none staleness-weight=inverse max-staleness=-1' noenhanced, \
     'plots/p03-worker.read-lag=8_worker.delay=none_server.staleness-weight=exp_0.2_server.max-staleness=-1.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=8 delay=none staleness-weight=exp:0.2 max-staleness=-1' noenhanced, \
     'plots/p04-worker.read-lag=8_worker.delay=none_server.staleness-weight=lrdiv_server.max-staleness=-1.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=8 delay=none staleness-weight=lrdiv max-staleness=-1' noenhanced, \
     'plots/p05-worker.read-lag=8_worker.delay=none_server.staleness-weight=none_server.max-staleness=16.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=8 delay=none staleness-weight=none max-staleness=16' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-1.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-worker.read-lag=8_worker.delay=none_server.staleness-weight=none_server.max-staleness=-1.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=8 delay=none staleness-weight=none max-staleness=-1' noenhanced, \
     'plots/p02-worker.read-lag=8_worker.delay=none_server.staleness-weight=inverse_server.max-staleness=-1.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=8 delay=none staleness-weight=inverse max-staleness=-1' noenhanced, \
     'plots/p03-worker.read-lag=8_worker.delay=none_server.staleness-weight=exp_0.2_server.max-staleness=-1.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=8 delay=none staleness-weight=exp:0.2 max-staleness=-1' noenhanced, \
     'plots/p04-worker.read-lag=8_worker.delay=none_server.staleness-weight=lrdiv_server.max-staleness=-1.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=8 delay=none staleness-weight=lrdiv max-staleness=-1' noenhanced, \
     'plots/p05-worker.read-lag=8_worker.delay=none_server.staleness-weight=none_server.max-staleness=16.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=8 delay=none staleness-weight=none max-staleness=16' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-2.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p06-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_server.max-staleness=-1.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=none max-staleness=-1' noenhanced, \
     'plots/p07-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=inverse_server.max-staleness=-1.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=inverse max-staleness=-1' noenhanced, \
     'plots/p08-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=exp_0.2_server.max-staleness=-1.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=exp:0.2 max-staleness=-1' noenhanced, \
     'plots/p09-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=lrdiv_server.max-staleness=-1.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=lrdiv max-staleness=-1' noenhanced, \
     'plots/p10-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_server.max-staleness=16.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=none max-staleness=16' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-2.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p06-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_server.max-staleness=-1.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=none max-staleness=-1' noenhanced, \
     'plots/p07-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=inverse_server.max-staleness=-1.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=inverse max-staleness=-1' noenhanced, \
     'plots/p08-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=exp_0.2_server.max-staleness=-1.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=exp:0.2 max-staleness=-1' noenhanced, \
     'plots/p09-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=lrdiv_server.max-staleness=-1.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=lrdiv max-staleness=-1' noenhanced, \
     'plots/p10-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_server.max-staleness=16.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=none max-staleness=16' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-1.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-worker.read-lag=8_worker.delay=none_server.staleness-weight=none_server.max-staleness=-1.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=8 delay=none staleness-weight=none max-staleness=-1' noenhanced, \
     'plots/p02-worker.read-lag=8_worker.delay=none_server.staleness-weight=inverse_server.max-staleness=-1.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=8 delay=none staleness-weight=inverse max-staleness=-1' noenhanced, \
     'plots/p03-worker.read-lag=8_worker.delay=none_server.staleness-weight=exp_0.2_server.max-staleness=-1.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=8 delay=none staleness-weight=exp:0.2 max-staleness=-1' noenhanced, \
     'plots/p04-worker.read-lag=8_worker.delay=none_server.staleness-weight=lrdiv_server.max-staleness=-1.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=8 delay=none staleness-weight=lrdiv max-staleness=-1' noenhanced, \
     'plots/p05-worker.read-lag=8_worker.delay=none_server.staleness-weight=none_server.max-staleness=16.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=8 delay=none staleness-weight=none max-staleness=16' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-1.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-worker.read-lag=8_worker.delay=none_server.staleness-weight=none_server.max-staleness=-1.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=8 delay=none staleness-weight=none max-staleness=-1' noenhanced, \
     'plots/p02-worker.read-lag=8_worker.delay=none_server.staleness-weight=inverse_server.max-staleness=-1.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=8 delay=none staleness-weight=inverse max-staleness=-1' noenhanced, \
     'plots/p03-worker.read-lag=8_worker.delay=none_server.staleness-weight=exp_0.2_server.max-staleness=-1.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=8 delay=none staleness-weight=exp:0.2 max-staleness=-1' noenhanced, \
     'plots/p04-worker.read-lag=8_worker.delay=none_server.staleness-weight=lrdiv_server.max-staleness=-1.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=8 delay=none staleness-weight=lrdiv max-staleness=-1' noenhanced, \
     'plots/p05-worker.read-lag=8_worker.delay=none_server.staleness-weight=none_server.max-staleness=16.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=8 delay=none staleness-weight=none max-staleness=16' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-2.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p06-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_server.max-staleness=-1.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=none max-staleness=-1' noenhanced, \
     'plots/p07-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=inverse_server.max-staleness=-1.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=inverse max-staleness=-1' noenhanced, \
     'plots/p08-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=exp_0.2_server.max-staleness=-1.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=exp:0.2 max-staleness=-1' noenhanced, \
     'plots/p09-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=lrdiv_server.max-staleness=-1.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=lrdiv max-staleness=-1' noenhanced, \
     'plots/p10-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_server.max-staleness=16.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=none max-staleness=16' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-2.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p06-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_server.max-staleness=-1.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=none max-staleness=-1' noenhanced, \
     'plots/p07-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=inverse_server.max-staleness=-1.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=inverse max-staleness=-1' noenhanced, \
     'plots/p08-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=exp_0.2_server.max-staleness=-1.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=exp:0.2 max-staleness=-1' noenhanced, \
     'plots/p09-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=lrdiv_server.max-staleness=-1.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=lrdiv max-staleness=-1' noenhanced, \
     'plots/p10-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_server.max-staleness=16.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=none max-staleness=16' noenhanced

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
set output 'staleness-p01-worker.read-lag=8_worker.delay=none_server.staleness-weight=none_server.max-staleness=-1.png'
set title 'read-lag=8 delay=none staleness-weight=none max-staleness=-1' noenhanced
plot 'plots/p01-worker.read-lag=8_worker.delay=none_server.staleness-weight=none_server.max-staleness=-1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p01-worker.read-lag=8_worker.delay=none_server.staleness-weight=none_server.max-staleness=-1.svg'
set title 'read-lag=8 delay=none staleness-weight=none max-staleness=-1' noenhanced
plot 'plots/p01-worker.read-lag=8_worker.delay=none_server.staleness-weight=none_server.max-staleness=-1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p02-worker.read-lag=8_worker.delay=none_server.staleness-weight=inverse_server.max-staleness=-1.png'
set title 'read-lag=8 delay=none staleness-weight=inverse max-staleness=-1' noenhanced
plot 'plots/p02-worker.read-lag=8_worker.delay=none_server.staleness-weight=inverse_server.max-staleness=-1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p02-worker.read-lag=8_worker.delay=none_server.staleness-weight=inverse_server.max-staleness=-1.svg'
set title 'read-lag=8 delay=none staleness-weight=inverse max-staleness=-1' noenhanced
plot 'plots/p02-worker.read-lag=8_worker.delay=none_server.staleness-weight=inverse_server.max-staleness=-1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p03-worker.read-lag=8_worker.delay=none_server.staleness-weight=exp_0.2_server.max-staleness=-1.png'
set title 'read-lag=8 delay=none staleness-weight=exp:0.2 max-staleness=-1' noenhanced
plot 'plots/p03-worker.read-lag=8_worker.delay=none_server.staleness-weight=exp_0.2_server.max-staleness=-1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p03-worker.read-lag=8_worker.delay=none_server.staleness-weight=exp_0.2_server.max-staleness=-1.svg'
set title 'read-lag=8 delay=none staleness-weight=exp:0.2 max-staleness=-1' noenhanced
plot 'plots/p03-worker.read-lag=8_worker.delay=none_server.staleness-weight=exp_0.2_server.max-staleness=-1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p04-worker.read-lag=8_worker.delay=none_server.staleness-weight=lrdiv_server.max-staleness=-1.png'
set title 'read-lag=8 delay=none staleness-weight=lrdiv max-staleness=-1' noenhanced
plot 'plots/p04-worker.read-lag=8_worker.delay=none_server.staleness-weight=lrdiv_server.max-staleness=-1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p04-worker.read-lag=8_worker.delay=none_server.staleness-weight=lrdiv_server.max-staleness=-1.svg'
set title 'read-lag=8 delay=none staleness-weight=lrdiv max-staleness=-1' noenhanced
plot 'plots/p04-worker.read-lag=8_worker.delay=none_server.staleness-weight=lrdiv_server.max-staleness=-1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p05-worker.read-lag=8_worker.delay=none_server.staleness-weight=none_server.max-staleness=16.png'
set title 'read-lag=8 delay=none staleness-weight=none max-staleness=16' noenhanced
plot 'plots/p05-worker.read-lag=8_worker.delay=none_server.staleness-weight=none_server.max-staleness=16-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p05-worker.read-lag=8_worker.delay=none_server.staleness-weight=none_server.max-staleness=16.svg'
set title 'read-lag=8 delay=none staleness-weight=none max-staleness=16' noenhanced
plot 'plots/p05-worker.read-lag=8_worker.delay=none_server.staleness-weight=none_server.max-staleness=16-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p06-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_server.max-staleness=-1.png'
set title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=none max-staleness=-1' noenhanced
plot 'plots/p06-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_server.max-staleness=-1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p06-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_server.max-staleness=-1.svg'
set title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=none max-staleness=-1' noenhanced
plot 'plots/p06-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_server.max-staleness=-1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p07-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=inverse_server.max-staleness=-1.png'
set title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=inverse max-staleness=-1' noenhanced
plot 'plots/p07-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=inverse_server.max-staleness=-1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p07-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=inverse_server.max-staleness=-1.svg'
set title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=inverse max-staleness=-1' noenhanced
plot 'plots/p07-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=inverse_server.max-staleness=-1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p08-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=exp_0.2_server.max-staleness=-1.png'
set title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=exp:0.2 max-staleness=-1' noenhanced
plot 'plots/p08-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=exp_0.2_server.max-staleness=-1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p08-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=exp_0.2_server.max-staleness=-1.svg'
set title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=exp:0.2 max-staleness=-1' noenhanced
plot 'plots/p08-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=exp_0.2_server.max-staleness=-1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p09-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=lrdiv_server.max-staleness=-1.png'
set title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=lrdiv max-staleness=-1' noenhanced
plot 'plots/p09-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=lrdiv_server.max-staleness=-1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p09-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=lrdiv_server.max-staleness=-1.svg'
set title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=lrdiv max-staleness=-1' noenhanced
plot 'plots/p09-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=lrdiv_server.max-staleness=-1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p10-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_server.max-staleness=16.png'
set title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=none max-staleness=16' noenhanced
plot 'plots/p10-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_server.max-staleness=16-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p10-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_server.max-staleness=16.svg'
set title 'read-lag=0 delay=pareto:1.5:0.2 staleness-weight=none max-staleness=16' noenhanced
plot 'plots/p10-worker.read-lag=0_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_server.max-staleness=16-staleness.dat' using 1:2 with boxes
