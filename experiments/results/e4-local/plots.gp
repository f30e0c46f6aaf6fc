# Written by taups-sweep for experiments/e4-local.ini; redraw with: cd experiments/results/e4-local && gnuplot plots.gp
# Curves are each configuration's first successful seed.
set macros
pngterm = (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) ? 'pngcairo' : 'png'
set grid
set key outside below left Left reverse maxcols 2 height 1 noenhanced
set logscale y
set format y '%.0e'
set yrange [*:1000]

set terminal @pngterm size 900,720
set output 'metric_vs_time-1.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=1_worker.accumulate=1.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=1 accumulate=1' noenhanced, \
     'plots/p02-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=2_worker.accumulate=1.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=2 accumulate=1' noenhanced, \
     'plots/p03-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=4_worker.accumulate=1.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=4 accumulate=1' noenhanced, \
     'plots/p04-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=8_worker.accumulate=1.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=8 accumulate=1' noenhanced, \
     'plots/p05-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=16_worker.accumulate=1.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=16 accumulate=1' noenhanced, \
     'plots/p06-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=32_worker.accumulate=1.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=32 accumulate=1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-1.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=1_worker.accumulate=1.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=1 accumulate=1' noenhanced, \
     'plots/p02-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=2_worker.accumulate=1.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=2 accumulate=1' noenhanced, \
     'plots/p03-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=4_worker.accumulate=1.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=4 accumulate=1' noenhanced, \
     'plots/p04-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=8_worker.accumulate=1.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=8 accumulate=1' noenhanced, \
     'plots/p05-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=16_worker.accumulate=1.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=16 accumulate=1' noenhanced, \
     'plots/p06-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=32_worker.accumulate=1.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=32 accumulate=1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-2.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p07-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=1.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=1' noenhanced, \
     'plots/p08-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=2.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=2' noenhanced, \
     'plots/p09-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=4.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=4' noenhanced, \
     'plots/p10-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=8.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=8' noenhanced, \
     'plots/p11-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=16.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=16' noenhanced, \
     'plots/p12-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=32.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=32' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-2.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p07-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=1.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=1' noenhanced, \
     'plots/p08-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=2.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=2' noenhanced, \
     'plots/p09-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=4.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=4' noenhanced, \
     'plots/p10-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=8.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=8' noenhanced, \
     'plots/p11-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=16.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=16' noenhanced, \
     'plots/p12-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=32.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=32' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-3.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p13-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=1_worker.accumulate=1.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=1 accumulate=1' noenhanced, \
     'plots/p14-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=2_worker.accumulate=1.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=2 accumulate=1' noenhanced, \
     'plots/p15-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=4_worker.accumulate=1.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=4 accumulate=1' noenhanced, \
     'plots/p16-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=8_worker.accumulate=1.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=8 accumulate=1' noenhanced, \
     'plots/p17-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=16_worker.accumulate=1.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=16 accumulate=1' noenhanced, \
     'plots/p18-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=32_worker.accumulate=1.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=32 accumulate=1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-3.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p13-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=1_worker.accumulate=1.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=1 accumulate=1' noenhanced, \
     'plots/p14-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=2_worker.accumulate=1.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=2 accumulate=1' noenhanced, \
     'plots/p15-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=4_worker.accumulate=1.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=4 accumulate=1' noenhanced, \
     'plots/p16-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=8_worker.accumulate=1.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=8 accumulate=1' noenhanced, \
     'plots/p17-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=16_worker.accumulate=1.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=16 accumulate=1' noenhanced, \
     'plots/p18-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=32_worker.accumulate=1.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=32 accumulate=1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-4.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p19-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=1.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=1' noenhanced, \
     'plots/p20-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=2.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=2' noenhanced, \
     'plots/p21-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=4.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=4' noenhanced, \
     'plots/p22-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=8.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=8' noenhanced, \
     'plots/p23-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=16.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=16' noenhanced, \
     'plots/p24-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=32.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=32' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-4.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p19-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=1.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=1' noenhanced, \
     'plots/p20-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=2.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=2' noenhanced, \
     'plots/p21-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=4.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=4' noenhanced, \
     'plots/p22-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=8.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=8' noenhanced, \
     'plots/p23-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=16.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=16' noenhanced, \
     'plots/p24-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=32.dat' using 1:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=32' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-1.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=1_worker.accumulate=1.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=1 accumulate=1' noenhanced, \
     'plots/p02-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=2_worker.accumulate=1.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=2 accumulate=1' noenhanced, \
     'plots/p03-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=4_worker.accumulate=1.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=4 accumulate=1' noenhanced, \
     'plots/p04-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=8_worker.accumulate=1.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=8 accumulate=1' noenhanced, \
     'plots/p05-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=16_worker.accumulate=1.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=16 accumulate=1' noenhanced, \
     'plots/p06-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=32_worker.accumulate=1.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=32 accumulate=1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-1.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=1_worker.accumulate=1.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=1 accumulate=1' noenhanced, \
     'plots/p02-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=2_worker.accumulate=1.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=2 accumulate=1' noenhanced, \
     'plots/p03-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=4_worker.accumulate=1.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=4 accumulate=1' noenhanced, \
     'plots/p04-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=8_worker.accumulate=1.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=8 accumulate=1' noenhanced, \
     'plots/p05-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=16_worker.accumulate=1.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=16 accumulate=1' noenhanced, \
     'plots/p06-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=32_worker.accumulate=1.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=32 accumulate=1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-2.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p07-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=1.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=1' noenhanced, \
     'plots/p08-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=2.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=2' noenhanced, \
     'plots/p09-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=4.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=4' noenhanced, \
     'plots/p10-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=8.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=8' noenhanced, \
     'plots/p11-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=16.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=16' noenhanced, \
     'plots/p12-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=32.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=32' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-2.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p07-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=1.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=1' noenhanced, \
     'plots/p08-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=2.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=2' noenhanced, \
     'plots/p09-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=4.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=4' noenhanced, \
     'plots/p10-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=8.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=8' noenhanced, \
     'plots/p11-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=16.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=16' noenhanced, \
     'plots/p12-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=32.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=32' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-3.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p13-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=1_worker.accumulate=1.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=1 accumulate=1' noenhanced, \
     'plots/p14-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=2_worker.accumulate=1.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=2 accumulate=1' noenhanced, \
     'plots/p15-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=4_worker.accumulate=1.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=4 accumulate=1' noenhanced, \
     'plots/p16-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=8_worker.accumulate=1.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=8 accumulate=1' noenhanced, \
     'plots/p17-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=16_worker.accumulate=1.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=16 accumulate=1' noenhanced, \
     'plots/p18-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=32_worker.accumulate=1.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=32 accumulate=1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-3.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p13-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=1_worker.accumulate=1.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=1 accumulate=1' noenhanced, \
     'plots/p14-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=2_worker.accumulate=1.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=2 accumulate=1' noenhanced, \
     'plots/p15-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=4_worker.accumulate=1.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=4 accumulate=1' noenhanced, \
     'plots/p16-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=8_worker.accumulate=1.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=8 accumulate=1' noenhanced, \
     'plots/p17-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=16_worker.accumulate=1.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=16 accumulate=1' noenhanced, \
     'plots/p18-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=32_worker.accumulate=1.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=32 accumulate=1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-4.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p19-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=1.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=1' noenhanced, \
     'plots/p20-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=2.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=2' noenhanced, \
     'plots/p21-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=4.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=4' noenhanced, \
     'plots/p22-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=8.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=8' noenhanced, \
     'plots/p23-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=16.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=16' noenhanced, \
     'plots/p24-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=32.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=32' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-4.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p19-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=1.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=1' noenhanced, \
     'plots/p20-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=2.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=2' noenhanced, \
     'plots/p21-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=4.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=4' noenhanced, \
     'plots/p22-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=8.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=8' noenhanced, \
     'plots/p23-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=16.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=16' noenhanced, \
     'plots/p24-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=32.dat' using 2:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=32' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-1.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=1_worker.accumulate=1.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=1 accumulate=1' noenhanced, \
     'plots/p02-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=2_worker.accumulate=1.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=2 accumulate=1' noenhanced, \
     'plots/p03-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=4_worker.accumulate=1.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=4 accumulate=1' noenhanced, \
     'plots/p04-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=8_worker.accumulate=1.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=8 accumulate=1' noenhanced, \
     'plots/p05-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=16_worker.accumulate=1.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=16 accumulate=1' noenhanced, \
     'plots/p06-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=32_worker.accumulate=1.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=32 accumulate=1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-1.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=1_worker.accumulate=1.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=1 accumulate=1' noenhanced, \
     'plots/p02-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=2_worker.accumulate=1.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=2 accumulate=1' noenhanced, \
     'plots/p03-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=4_worker.accumulate=1.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=4 accumulate=1' noenhanced, \
     'plots/p04-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=8_worker.accumulate=1.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=8 accumulate=1' noenhanced, \
     'plots/p05-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=16_worker.accumulate=1.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=16 accumulate=1' noenhanced, \
     'plots/p06-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=32_worker.accumulate=1.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=32 accumulate=1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-2.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p07-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=1.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=1' noenhanced, \
     'plots/p08-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=2.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=2' noenhanced, \
     'plots/p09-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=4.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=4' noenhanced, \
     'plots/p10-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=8.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=8' noenhanced, \
     'plots/p11-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=16.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=16' noenhanced, \
     'plots/p12-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=32.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=32' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-2.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p07-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=1.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=1' noenhanced, \
     'plots/p08-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=2.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=2' noenhanced, \
     'plots/p09-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=4.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=4' noenhanced, \
     'plots/p10-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=8.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=8' noenhanced, \
     'plots/p11-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=16.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=16' noenhanced, \
     'plots/p12-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=32.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=32' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-3.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p13-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=1_worker.accumulate=1.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=1 accumulate=1' noenhanced, \
     'plots/p14-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=2_worker.accumulate=1.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=2 accumulate=1' noenhanced, \
     'plots/p15-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=4_worker.accumulate=1.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=4 accumulate=1' noenhanced, \
     'plots/p16-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=8_worker.accumulate=1.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=8 accumulate=1' noenhanced, \
     'plots/p17-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=16_worker.accumulate=1.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=16 accumulate=1' noenhanced, \
     'plots/p18-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=32_worker.accumulate=1.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=32 accumulate=1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-3.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p13-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=1_worker.accumulate=1.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=1 accumulate=1' noenhanced, \
     'plots/p14-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=2_worker.accumulate=1.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=2 accumulate=1' noenhanced, \
     'plots/p15-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=4_worker.accumulate=1.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=4 accumulate=1' noenhanced, \
     'plots/p16-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=8_worker.accumulate=1.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=8 accumulate=1' noenhanced, \
     'plots/p17-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=16_worker.accumulate=1.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=16 accumulate=1' noenhanced, \
     'plots/p18-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=32_worker.accumulate=1.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=32 accumulate=1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-4.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p19-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=1.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=1' noenhanced, \
     'plots/p20-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=2.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=2' noenhanced, \
     'plots/p21-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=4.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=4' noenhanced, \
     'plots/p22-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=8.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=8' noenhanced, \
     'plots/p23-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=16.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=16' noenhanced, \
     'plots/p24-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=32.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=32' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-4.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p19-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=1.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=1' noenhanced, \
     'plots/p20-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=2.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=2' noenhanced, \
     'plots/p21-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=4.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=4' noenhanced, \
     'plots/p22-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=8.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=8' noenhanced, \
     'plots/p23-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=16.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=16' noenhanced, \
     'plots/p24-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=32.dat' using 4:3 with lines lw 2 dt 1 title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=32' noenhanced

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
set output 'staleness-p01-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=1_worker.accumulate=1.png'
set title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=1 accumulate=1' noenhanced
plot 'plots/p01-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=1_worker.accumulate=1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p01-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=1_worker.accumulate=1.svg'
set title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=1 accumulate=1' noenhanced
plot 'plots/p01-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=1_worker.accumulate=1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p02-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=2_worker.accumulate=1.png'
set title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=2 accumulate=1' noenhanced
plot 'plots/p02-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=2_worker.accumulate=1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p02-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=2_worker.accumulate=1.svg'
set title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=2 accumulate=1' noenhanced
plot 'plots/p02-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=2_worker.accumulate=1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p03-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=4_worker.accumulate=1.png'
set title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=4 accumulate=1' noenhanced
plot 'plots/p03-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=4_worker.accumulate=1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p03-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=4_worker.accumulate=1.svg'
set title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=4 accumulate=1' noenhanced
plot 'plots/p03-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=4_worker.accumulate=1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p04-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=8_worker.accumulate=1.png'
set title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=8 accumulate=1' noenhanced
plot 'plots/p04-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=8_worker.accumulate=1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p04-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=8_worker.accumulate=1.svg'
set title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=8 accumulate=1' noenhanced
plot 'plots/p04-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=8_worker.accumulate=1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p05-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=16_worker.accumulate=1.png'
set title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=16 accumulate=1' noenhanced
plot 'plots/p05-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=16_worker.accumulate=1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p05-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=16_worker.accumulate=1.svg'
set title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=16 accumulate=1' noenhanced
plot 'plots/p05-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=16_worker.accumulate=1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p06-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=32_worker.accumulate=1.png'
set title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=32 accumulate=1' noenhanced
plot 'plots/p06-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=32_worker.accumulate=1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p06-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=32_worker.accumulate=1.svg'
set title 'latency-ms=1 latency-ms=1 mode=local lr=1 local-steps=32 accumulate=1' noenhanced
plot 'plots/p06-server.latency-ms=1_worker.latency-ms=1_server.mode=local_lr=1_server.local-steps=32_worker.accumulate=1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p07-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=1.png'
set title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=1' noenhanced
plot 'plots/p07-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p07-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=1.svg'
set title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=1' noenhanced
plot 'plots/p07-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p08-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=2.png'
set title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=2' noenhanced
plot 'plots/p08-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=2-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p08-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=2.svg'
set title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=2' noenhanced
plot 'plots/p08-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=2-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p09-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=4.png'
set title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=4' noenhanced
plot 'plots/p09-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=4-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p09-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=4.svg'
set title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=4' noenhanced
plot 'plots/p09-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=4-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p10-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=8.png'
set title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=8' noenhanced
plot 'plots/p10-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=8-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p10-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=8.svg'
set title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=8' noenhanced
plot 'plots/p10-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=8-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p11-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=16.png'
set title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=16' noenhanced
plot 'plots/p11-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=16-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p11-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=16.svg'
set title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=16' noenhanced
plot 'plots/p11-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=16-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p12-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=32.png'
set title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=32' noenhanced
plot 'plots/p12-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=32-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p12-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=32.svg'
set title 'latency-ms=1 latency-ms=1 mode=sync lr=0.5 local-steps=1 accumulate=32' noenhanced
plot 'plots/p12-server.latency-ms=1_worker.latency-ms=1_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=32-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p13-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=1_worker.accumulate=1.png'
set title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=1 accumulate=1' noenhanced
plot 'plots/p13-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=1_worker.accumulate=1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p13-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=1_worker.accumulate=1.svg'
set title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=1 accumulate=1' noenhanced
plot 'plots/p13-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=1_worker.accumulate=1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p14-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=2_worker.accumulate=1.png'
set title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=2 accumulate=1' noenhanced
plot 'plots/p14-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=2_worker.accumulate=1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p14-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=2_worker.accumulate=1.svg'
set title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=2 accumulate=1' noenhanced
plot 'plots/p14-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=2_worker.accumulate=1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p15-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=4_worker.accumulate=1.png'
set title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=4 accumulate=1' noenhanced
plot 'plots/p15-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=4_worker.accumulate=1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p15-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=4_worker.accumulate=1.svg'
set title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=4 accumulate=1' noenhanced
plot 'plots/p15-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=4_worker.accumulate=1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p16-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=8_worker.accumulate=1.png'
set title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=8 accumulate=1' noenhanced
plot 'plots/p16-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=8_worker.accumulate=1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p16-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=8_worker.accumulate=1.svg'
set title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=8 accumulate=1' noenhanced
plot 'plots/p16-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=8_worker.accumulate=1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p17-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=16_worker.accumulate=1.png'
set title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=16 accumulate=1' noenhanced
plot 'plots/p17-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=16_worker.accumulate=1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p17-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=16_worker.accumulate=1.svg'
set title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=16 accumulate=1' noenhanced
plot 'plots/p17-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=16_worker.accumulate=1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p18-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=32_worker.accumulate=1.png'
set title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=32 accumulate=1' noenhanced
plot 'plots/p18-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=32_worker.accumulate=1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p18-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=32_worker.accumulate=1.svg'
set title 'latency-ms=10 latency-ms=10 mode=local lr=1 local-steps=32 accumulate=1' noenhanced
plot 'plots/p18-server.latency-ms=10_worker.latency-ms=10_server.mode=local_lr=1_server.local-steps=32_worker.accumulate=1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p19-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=1.png'
set title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=1' noenhanced
plot 'plots/p19-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p19-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=1.svg'
set title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=1' noenhanced
plot 'plots/p19-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p20-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=2.png'
set title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=2' noenhanced
plot 'plots/p20-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=2-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p20-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=2.svg'
set title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=2' noenhanced
plot 'plots/p20-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=2-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p21-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=4.png'
set title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=4' noenhanced
plot 'plots/p21-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=4-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p21-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=4.svg'
set title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=4' noenhanced
plot 'plots/p21-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=4-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p22-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=8.png'
set title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=8' noenhanced
plot 'plots/p22-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=8-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p22-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=8.svg'
set title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=8' noenhanced
plot 'plots/p22-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=8-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p23-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=16.png'
set title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=16' noenhanced
plot 'plots/p23-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=16-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p23-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=16.svg'
set title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=16' noenhanced
plot 'plots/p23-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=16-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p24-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=32.png'
set title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=32' noenhanced
plot 'plots/p24-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=32-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p24-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=32.svg'
set title 'latency-ms=10 latency-ms=10 mode=sync lr=0.5 local-steps=1 accumulate=32' noenhanced
plot 'plots/p24-server.latency-ms=10_worker.latency-ms=10_server.mode=sync_lr=0.5_server.local-steps=1_worker.accumulate=32-staleness.dat' using 1:2 with boxes
