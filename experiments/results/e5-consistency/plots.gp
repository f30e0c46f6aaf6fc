# Written by taups-sweep for /work/main/experiments/e5-consistency.ini; redraw with: cd /work/main/experiments/results/e5-consistency && gnuplot plots.gp
# Curves are each configuration's first successful seed.
set macros
pngterm = (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) ? 'pngcairo' : 'png'
set grid
set key outside below left Left reverse maxcols 2 height 1 noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-1.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'accuracy' noenhanced
unset arrow
set arrow from graph 0, first 0.8 to graph 1, first 0.8 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-worker.delay=lognormal_50_0.2_server.mode=sync_lr=0.2.dat' using 1:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.2 mode=sync lr=0.2' noenhanced, \
     'plots/p02-worker.delay=lognormal_50_0.2_server.mode=ssp_lr=0.05.dat' using 1:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.2 mode=ssp lr=0.05' noenhanced, \
     'plots/p03-worker.delay=lognormal_50_0.2_server.mode=async_lr=0.05.dat' using 1:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.2 mode=async lr=0.05' noenhanced, \
     'plots/p04-worker.delay=lognormal_50_0.2_server.mode=local_lr=1.dat' using 1:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.2 mode=local lr=1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-1.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'accuracy' noenhanced
unset arrow
set arrow from graph 0, first 0.8 to graph 1, first 0.8 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-worker.delay=lognormal_50_0.2_server.mode=sync_lr=0.2.dat' using 1:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.2 mode=sync lr=0.2' noenhanced, \
     'plots/p02-worker.delay=lognormal_50_0.2_server.mode=ssp_lr=0.05.dat' using 1:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.2 mode=ssp lr=0.05' noenhanced, \
     'plots/p03-worker.delay=lognormal_50_0.2_server.mode=async_lr=0.05.dat' using 1:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.2 mode=async lr=0.05' noenhanced, \
     'plots/p04-worker.delay=lognormal_50_0.2_server.mode=local_lr=1.dat' using 1:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.2 mode=local lr=1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-2.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'accuracy' noenhanced
unset arrow
set arrow from graph 0, first 0.8 to graph 1, first 0.8 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p05-worker.delay=lognormal_50_0.5_server.mode=sync_lr=0.2.dat' using 1:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.5 mode=sync lr=0.2' noenhanced, \
     'plots/p06-worker.delay=lognormal_50_0.5_server.mode=ssp_lr=0.05.dat' using 1:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.5 mode=ssp lr=0.05' noenhanced, \
     'plots/p07-worker.delay=lognormal_50_0.5_server.mode=async_lr=0.05.dat' using 1:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.5 mode=async lr=0.05' noenhanced, \
     'plots/p08-worker.delay=lognormal_50_0.5_server.mode=local_lr=1.dat' using 1:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.5 mode=local lr=1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-2.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'accuracy' noenhanced
unset arrow
set arrow from graph 0, first 0.8 to graph 1, first 0.8 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p05-worker.delay=lognormal_50_0.5_server.mode=sync_lr=0.2.dat' using 1:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.5 mode=sync lr=0.2' noenhanced, \
     'plots/p06-worker.delay=lognormal_50_0.5_server.mode=ssp_lr=0.05.dat' using 1:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.5 mode=ssp lr=0.05' noenhanced, \
     'plots/p07-worker.delay=lognormal_50_0.5_server.mode=async_lr=0.05.dat' using 1:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.5 mode=async lr=0.05' noenhanced, \
     'plots/p08-worker.delay=lognormal_50_0.5_server.mode=local_lr=1.dat' using 1:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.5 mode=local lr=1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-3.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'accuracy' noenhanced
unset arrow
set arrow from graph 0, first 0.8 to graph 1, first 0.8 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p09-worker.delay=pareto_1.5_50_server.mode=sync_lr=0.2.dat' using 1:3 with lines lw 2 dt 1 title 'delay=pareto:1.5:50 mode=sync lr=0.2' noenhanced, \
     'plots/p10-worker.delay=pareto_1.5_50_server.mode=ssp_lr=0.05.dat' using 1:3 with lines lw 2 dt 1 title 'delay=pareto:1.5:50 mode=ssp lr=0.05' noenhanced, \
     'plots/p11-worker.delay=pareto_1.5_50_server.mode=async_lr=0.05.dat' using 1:3 with lines lw 2 dt 1 title 'delay=pareto:1.5:50 mode=async lr=0.05' noenhanced, \
     'plots/p12-worker.delay=pareto_1.5_50_server.mode=local_lr=1.dat' using 1:3 with lines lw 2 dt 1 title 'delay=pareto:1.5:50 mode=local lr=1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-3.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'accuracy' noenhanced
unset arrow
set arrow from graph 0, first 0.8 to graph 1, first 0.8 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p09-worker.delay=pareto_1.5_50_server.mode=sync_lr=0.2.dat' using 1:3 with lines lw 2 dt 1 title 'delay=pareto:1.5:50 mode=sync lr=0.2' noenhanced, \
     'plots/p10-worker.delay=pareto_1.5_50_server.mode=ssp_lr=0.05.dat' using 1:3 with lines lw 2 dt 1 title 'delay=pareto:1.5:50 mode=ssp lr=0.05' noenhanced, \
     'plots/p11-worker.delay=pareto_1.5_50_server.mode=async_lr=0.05.dat' using 1:3 with lines lw 2 dt 1 title 'delay=pareto:1.5:50 mode=async lr=0.05' noenhanced, \
     'plots/p12-worker.delay=pareto_1.5_50_server.mode=local_lr=1.dat' using 1:3 with lines lw 2 dt 1 title 'delay=pareto:1.5:50 mode=local lr=1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-1.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'accuracy' noenhanced
unset arrow
set arrow from graph 0, first 0.8 to graph 1, first 0.8 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-worker.delay=lognormal_50_0.2_server.mode=sync_lr=0.2.dat' using 2:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.2 mode=sync lr=0.2' noenhanced, \
     'plots/p02-worker.delay=lognormal_50_0.2_server.mode=ssp_lr=0.05.dat' using 2:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.2 mode=ssp lr=0.05' noenhanced, \
     'plots/p03-worker.delay=lognormal_50_0.2_server.mode=async_lr=0.05.dat' using 2:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.2 mode=async lr=0.05' noenhanced, \
     'plots/p04-worker.delay=lognormal_50_0.2_server.mode=local_lr=1.dat' using 2:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.2 mode=local lr=1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-1.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'accuracy' noenhanced
unset arrow
set arrow from graph 0, first 0.8 to graph 1, first 0.8 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-worker.delay=lognormal_50_0.2_server.mode=sync_lr=0.2.dat' using 2:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.2 mode=sync lr=0.2' noenhanced, \
     'plots/p02-worker.delay=lognormal_50_0.2_server.mode=ssp_lr=0.05.dat' using 2:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.2 mode=ssp lr=0.05' noenhanced, \
     'plots/p03-worker.delay=lognormal_50_0.2_server.mode=async_lr=0.05.dat' using 2:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.2 mode=async lr=0.05' noenhanced, \
     'plots/p04-worker.delay=lognormal_50_0.2_server.mode=local_lr=1.dat' using 2:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.2 mode=local lr=1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-2.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'accuracy' noenhanced
unset arrow
set arrow from graph 0, first 0.8 to graph 1, first 0.8 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p05-worker.delay=lognormal_50_0.5_server.mode=sync_lr=0.2.dat' using 2:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.5 mode=sync lr=0.2' noenhanced, \
     'plots/p06-worker.delay=lognormal_50_0.5_server.mode=ssp_lr=0.05.dat' using 2:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.5 mode=ssp lr=0.05' noenhanced, \
     'plots/p07-worker.delay=lognormal_50_0.5_server.mode=async_lr=0.05.dat' using 2:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.5 mode=async lr=0.05' noenhanced, \
     'plots/p08-worker.delay=lognormal_50_0.5_server.mode=local_lr=1.dat' using 2:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.5 mode=local lr=1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-2.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'accuracy' noenhanced
unset arrow
set arrow from graph 0, first 0.8 to graph 1, first 0.8 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p05-worker.delay=lognormal_50_0.5_server.mode=sync_lr=0.2.dat' using 2:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.5 mode=sync lr=0.2' noenhanced, \
     'plots/p06-worker.delay=lognormal_50_0.5_server.mode=ssp_lr=0.05.dat' using 2:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.5 mode=ssp lr=0.05' noenhanced, \
     'plots/p07-worker.delay=lognormal_50_0.5_server.mode=async_lr=0.05.dat' using 2:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.5 mode=async lr=0.05' noenhanced, \
     'plots/p08-worker.delay=lognormal_50_0.5_server.mode=local_lr=1.dat' using 2:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.5 mode=local lr=1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-3.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'accuracy' noenhanced
unset arrow
set arrow from graph 0, first 0.8 to graph 1, first 0.8 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p09-worker.delay=pareto_1.5_50_server.mode=sync_lr=0.2.dat' using 2:3 with lines lw 2 dt 1 title 'delay=pareto:1.5:50 mode=sync lr=0.2' noenhanced, \
     'plots/p10-worker.delay=pareto_1.5_50_server.mode=ssp_lr=0.05.dat' using 2:3 with lines lw 2 dt 1 title 'delay=pareto:1.5:50 mode=ssp lr=0.05' noenhanced, \
     'plots/p11-worker.delay=pareto_1.5_50_server.mode=async_lr=0.05.dat' using 2:3 with lines lw 2 dt 1 title 'delay=pareto:1.5:50 mode=async lr=0.05' noenhanced, \
     'plots/p12-worker.delay=pareto_1.5_50_server.mode=local_lr=1.dat' using 2:3 with lines lw 2 dt 1 title 'delay=pareto:1.5:50 mode=local lr=1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-3.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'accuracy' noenhanced
unset arrow
set arrow from graph 0, first 0.8 to graph 1, first 0.8 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p09-worker.delay=pareto_1.5_50_server.mode=sync_lr=0.2.dat' using 2:3 with lines lw 2 dt 1 title 'delay=pareto:1.5:50 mode=sync lr=0.2' noenhanced, \
     'plots/p10-worker.delay=pareto_1.5_50_server.mode=ssp_lr=0.05.dat' using 2:3 with lines lw 2 dt 1 title 'delay=pareto:1.5:50 mode=ssp lr=0.05' noenhanced, \
     'plots/p11-worker.delay=pareto_1.5_50_server.mode=async_lr=0.05.dat' using 2:3 with lines lw 2 dt 1 title 'delay=pareto:1.5:50 mode=async lr=0.05' noenhanced, \
     'plots/p12-worker.delay=pareto_1.5_50_server.mode=local_lr=1.dat' using 2:3 with lines lw 2 dt 1 title 'delay=pareto:1.5:50 mode=local lr=1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-1.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'accuracy' noenhanced
unset arrow
set arrow from graph 0, first 0.8 to graph 1, first 0.8 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-worker.delay=lognormal_50_0.2_server.mode=sync_lr=0.2.dat' using 4:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.2 mode=sync lr=0.2' noenhanced, \
     'plots/p02-worker.delay=lognormal_50_0.2_server.mode=ssp_lr=0.05.dat' using 4:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.2 mode=ssp lr=0.05' noenhanced, \
     'plots/p03-worker.delay=lognormal_50_0.2_server.mode=async_lr=0.05.dat' using 4:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.2 mode=async lr=0.05' noenhanced, \
     'plots/p04-worker.delay=lognormal_50_0.2_server.mode=local_lr=1.dat' using 4:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.2 mode=local lr=1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-1.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'accuracy' noenhanced
unset arrow
set arrow from graph 0, first 0.8 to graph 1, first 0.8 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-worker.delay=lognormal_50_0.2_server.mode=sync_lr=0.2.dat' using 4:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.2 mode=sync lr=0.2' noenhanced, \
     'plots/p02-worker.delay=lognormal_50_0.2_server.mode=ssp_lr=0.05.dat' using 4:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.2 mode=ssp lr=0.05' noenhanced, \
     'plots/p03-worker.delay=lognormal_50_0.2_server.mode=async_lr=0.05.dat' using 4:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.2 mode=async lr=0.05' noenhanced, \
     'plots/p04-worker.delay=lognormal_50_0.2_server.mode=local_lr=1.dat' using 4:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.2 mode=local lr=1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-2.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'accuracy' noenhanced
unset arrow
set arrow from graph 0, first 0.8 to graph 1, first 0.8 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p05-worker.delay=lognormal_50_0.5_server.mode=sync_lr=0.2.dat' using 4:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.5 mode=sync lr=0.2' noenhanced, \
     'plots/p06-worker.delay=lognormal_50_0.5_server.mode=ssp_lr=0.05.dat' using 4:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.5 mode=ssp lr=0.05' noenhanced, \
     'plots/p07-worker.delay=lognormal_50_0.5_server.mode=async_lr=0.05.dat' using 4:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.5 mode=async lr=0.05' noenhanced, \
     'plots/p08-worker.delay=lognormal_50_0.5_server.mode=local_lr=1.dat' using 4:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.5 mode=local lr=1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-2.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'accuracy' noenhanced
unset arrow
set arrow from graph 0, first 0.8 to graph 1, first 0.8 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p05-worker.delay=lognormal_50_0.5_server.mode=sync_lr=0.2.dat' using 4:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.5 mode=sync lr=0.2' noenhanced, \
     'plots/p06-worker.delay=lognormal_50_0.5_server.mode=ssp_lr=0.05.dat' using 4:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.5 mode=ssp lr=0.05' noenhanced, \
     'plots/p07-worker.delay=lognormal_50_0.5_server.mode=async_lr=0.05.dat' using 4:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.5 mode=async lr=0.05' noenhanced, \
     'plots/p08-worker.delay=lognormal_50_0.5_server.mode=local_lr=1.dat' using 4:3 with lines lw 2 dt 1 title 'delay=lognormal:50:0.5 mode=local lr=1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-3.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'accuracy' noenhanced
unset arrow
set arrow from graph 0, first 0.8 to graph 1, first 0.8 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p09-worker.delay=pareto_1.5_50_server.mode=sync_lr=0.2.dat' using 4:3 with lines lw 2 dt 1 title 'delay=pareto:1.5:50 mode=sync lr=0.2' noenhanced, \
     'plots/p10-worker.delay=pareto_1.5_50_server.mode=ssp_lr=0.05.dat' using 4:3 with lines lw 2 dt 1 title 'delay=pareto:1.5:50 mode=ssp lr=0.05' noenhanced, \
     'plots/p11-worker.delay=pareto_1.5_50_server.mode=async_lr=0.05.dat' using 4:3 with lines lw 2 dt 1 title 'delay=pareto:1.5:50 mode=async lr=0.05' noenhanced, \
     'plots/p12-worker.delay=pareto_1.5_50_server.mode=local_lr=1.dat' using 4:3 with lines lw 2 dt 1 title 'delay=pareto:1.5:50 mode=local lr=1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-3.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'accuracy' noenhanced
unset arrow
set arrow from graph 0, first 0.8 to graph 1, first 0.8 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p09-worker.delay=pareto_1.5_50_server.mode=sync_lr=0.2.dat' using 4:3 with lines lw 2 dt 1 title 'delay=pareto:1.5:50 mode=sync lr=0.2' noenhanced, \
     'plots/p10-worker.delay=pareto_1.5_50_server.mode=ssp_lr=0.05.dat' using 4:3 with lines lw 2 dt 1 title 'delay=pareto:1.5:50 mode=ssp lr=0.05' noenhanced, \
     'plots/p11-worker.delay=pareto_1.5_50_server.mode=async_lr=0.05.dat' using 4:3 with lines lw 2 dt 1 title 'delay=pareto:1.5:50 mode=async lr=0.05' noenhanced, \
     'plots/p12-worker.delay=pareto_1.5_50_server.mode=local_lr=1.dat' using 4:3 with lines lw 2 dt 1 title 'delay=pareto:1.5:50 mode=local lr=1' noenhanced

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
set output 'staleness-p01-worker.delay=lognormal_50_0.2_server.mode=sync_lr=0.2.png'
set title 'delay=lognormal:50:0.2 mode=sync lr=0.2' noenhanced
plot 'plots/p01-worker.delay=lognormal_50_0.2_server.mode=sync_lr=0.2-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p01-worker.delay=lognormal_50_0.2_server.mode=sync_lr=0.2.svg'
set title 'delay=lognormal:50:0.2 mode=sync lr=0.2' noenhanced
plot 'plots/p01-worker.delay=lognormal_50_0.2_server.mode=sync_lr=0.2-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p02-worker.delay=lognormal_50_0.2_server.mode=ssp_lr=0.05.png'
set title 'delay=lognormal:50:0.2 mode=ssp lr=0.05' noenhanced
plot 'plots/p02-worker.delay=lognormal_50_0.2_server.mode=ssp_lr=0.05-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p02-worker.delay=lognormal_50_0.2_server.mode=ssp_lr=0.05.svg'
set title 'delay=lognormal:50:0.2 mode=ssp lr=0.05' noenhanced
plot 'plots/p02-worker.delay=lognormal_50_0.2_server.mode=ssp_lr=0.05-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p03-worker.delay=lognormal_50_0.2_server.mode=async_lr=0.05.png'
set title 'delay=lognormal:50:0.2 mode=async lr=0.05' noenhanced
plot 'plots/p03-worker.delay=lognormal_50_0.2_server.mode=async_lr=0.05-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p03-worker.delay=lognormal_50_0.2_server.mode=async_lr=0.05.svg'
set title 'delay=lognormal:50:0.2 mode=async lr=0.05' noenhanced
plot 'plots/p03-worker.delay=lognormal_50_0.2_server.mode=async_lr=0.05-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p04-worker.delay=lognormal_50_0.2_server.mode=local_lr=1.png'
set title 'delay=lognormal:50:0.2 mode=local lr=1' noenhanced
plot 'plots/p04-worker.delay=lognormal_50_0.2_server.mode=local_lr=1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p04-worker.delay=lognormal_50_0.2_server.mode=local_lr=1.svg'
set title 'delay=lognormal:50:0.2 mode=local lr=1' noenhanced
plot 'plots/p04-worker.delay=lognormal_50_0.2_server.mode=local_lr=1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p05-worker.delay=lognormal_50_0.5_server.mode=sync_lr=0.2.png'
set title 'delay=lognormal:50:0.5 mode=sync lr=0.2' noenhanced
plot 'plots/p05-worker.delay=lognormal_50_0.5_server.mode=sync_lr=0.2-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p05-worker.delay=lognormal_50_0.5_server.mode=sync_lr=0.2.svg'
set title 'delay=lognormal:50:0.5 mode=sync lr=0.2' noenhanced
plot 'plots/p05-worker.delay=lognormal_50_0.5_server.mode=sync_lr=0.2-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p06-worker.delay=lognormal_50_0.5_server.mode=ssp_lr=0.05.png'
set title 'delay=lognormal:50:0.5 mode=ssp lr=0.05' noenhanced
plot 'plots/p06-worker.delay=lognormal_50_0.5_server.mode=ssp_lr=0.05-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p06-worker.delay=lognormal_50_0.5_server.mode=ssp_lr=0.05.svg'
set title 'delay=lognormal:50:0.5 mode=ssp lr=0.05' noenhanced
plot 'plots/p06-worker.delay=lognormal_50_0.5_server.mode=ssp_lr=0.05-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p07-worker.delay=lognormal_50_0.5_server.mode=async_lr=0.05.png'
set title 'delay=lognormal:50:0.5 mode=async lr=0.05' noenhanced
plot 'plots/p07-worker.delay=lognormal_50_0.5_server.mode=async_lr=0.05-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p07-worker.delay=lognormal_50_0.5_server.mode=async_lr=0.05.svg'
set title 'delay=lognormal:50:0.5 mode=async lr=0.05' noenhanced
plot 'plots/p07-worker.delay=lognormal_50_0.5_server.mode=async_lr=0.05-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p08-worker.delay=lognormal_50_0.5_server.mode=local_lr=1.png'
set title 'delay=lognormal:50:0.5 mode=local lr=1' noenhanced
plot 'plots/p08-worker.delay=lognormal_50_0.5_server.mode=local_lr=1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p08-worker.delay=lognormal_50_0.5_server.mode=local_lr=1.svg'
set title 'delay=lognormal:50:0.5 mode=local lr=1' noenhanced
plot 'plots/p08-worker.delay=lognormal_50_0.5_server.mode=local_lr=1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p09-worker.delay=pareto_1.5_50_server.mode=sync_lr=0.2.png'
set title 'delay=pareto:1.5:50 mode=sync lr=0.2' noenhanced
plot 'plots/p09-worker.delay=pareto_1.5_50_server.mode=sync_lr=0.2-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p09-worker.delay=pareto_1.5_50_server.mode=sync_lr=0.2.svg'
set title 'delay=pareto:1.5:50 mode=sync lr=0.2' noenhanced
plot 'plots/p09-worker.delay=pareto_1.5_50_server.mode=sync_lr=0.2-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p10-worker.delay=pareto_1.5_50_server.mode=ssp_lr=0.05.png'
set title 'delay=pareto:1.5:50 mode=ssp lr=0.05' noenhanced
plot 'plots/p10-worker.delay=pareto_1.5_50_server.mode=ssp_lr=0.05-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p10-worker.delay=pareto_1.5_50_server.mode=ssp_lr=0.05.svg'
set title 'delay=pareto:1.5:50 mode=ssp lr=0.05' noenhanced
plot 'plots/p10-worker.delay=pareto_1.5_50_server.mode=ssp_lr=0.05-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p11-worker.delay=pareto_1.5_50_server.mode=async_lr=0.05.png'
set title 'delay=pareto:1.5:50 mode=async lr=0.05' noenhanced
plot 'plots/p11-worker.delay=pareto_1.5_50_server.mode=async_lr=0.05-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p11-worker.delay=pareto_1.5_50_server.mode=async_lr=0.05.svg'
set title 'delay=pareto:1.5:50 mode=async lr=0.05' noenhanced
plot 'plots/p11-worker.delay=pareto_1.5_50_server.mode=async_lr=0.05-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p12-worker.delay=pareto_1.5_50_server.mode=local_lr=1.png'
set title 'delay=pareto:1.5:50 mode=local lr=1' noenhanced
plot 'plots/p12-worker.delay=pareto_1.5_50_server.mode=local_lr=1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p12-worker.delay=pareto_1.5_50_server.mode=local_lr=1.svg'
set title 'delay=pareto:1.5:50 mode=local lr=1' noenhanced
plot 'plots/p12-worker.delay=pareto_1.5_50_server.mode=local_lr=1-staleness.dat' using 1:2 with boxes
