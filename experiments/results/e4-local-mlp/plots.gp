# Written by taups-sweep for experiments/e4-local-mlp.ini; redraw with: cd experiments/results/e4-local-mlp && gnuplot plots.gp
# Curves are each configuration's first successful seed.
set macros
pngterm = (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) ? 'pngcairo' : 'png'
set grid
set key outside below left Left reverse maxcols 2 height 1 noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-1.png'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'accuracy' noenhanced
unset arrow
set arrow from graph 0, first 0.8 to graph 1, first 0.8 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-server.mode=local_lr=1_server.local-steps=1_worker.accumulate=1.dat' using 1:3 with lines lw 2 title 'mode=local lr=1 local-steps=1 accumulate=1' noenhanced, \
     'plots/p02-server.mode=local_lr=1_server.local-steps=2_worker.accumulate=1.dat' using 1:3 with lines lw 2 title 'mode=local lr=1 local-steps=2 accumulate=1' noenhanced, \
     'plots/p03-server.mode=local_lr=1_server.local-steps=4_worker.accumulate=1.dat' using 1:3 with lines lw 2 title 'mode=local lr=1 local-steps=4 accumulate=1' noenhanced, \
     'plots/p04-server.mode=local_lr=1_server.local-steps=8_worker.accumulate=1.dat' using 1:3 with lines lw 2 title 'mode=local lr=1 local-steps=8 accumulate=1' noenhanced, \
     'plots/p05-server.mode=local_lr=1_server.local-steps=16_worker.accumulate=1.dat' using 1:3 with lines lw 2 title 'mode=local lr=1 local-steps=16 accumulate=1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-2.png'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'accuracy' noenhanced
unset arrow
set arrow from graph 0, first 0.8 to graph 1, first 0.8 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p06-server.mode=local_lr=1_server.local-steps=32_worker.accumulate=1.dat' using 1:3 with lines lw 2 title 'mode=local lr=1 local-steps=32 accumulate=1' noenhanced, \
     'plots/p07-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=1.dat' using 1:3 with lines lw 2 title 'mode=sync lr=0.1 local-steps=1 accumulate=1' noenhanced, \
     'plots/p08-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=2.dat' using 1:3 with lines lw 2 title 'mode=sync lr=0.1 local-steps=1 accumulate=2' noenhanced, \
     'plots/p09-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=4.dat' using 1:3 with lines lw 2 title 'mode=sync lr=0.1 local-steps=1 accumulate=4' noenhanced, \
     'plots/p10-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=8.dat' using 1:3 with lines lw 2 title 'mode=sync lr=0.1 local-steps=1 accumulate=8' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-1.svg'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'accuracy' noenhanced
unset arrow
set arrow from graph 0, first 0.8 to graph 1, first 0.8 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-server.mode=local_lr=1_server.local-steps=1_worker.accumulate=1.dat' using 1:3 with lines lw 2 title 'mode=local lr=1 local-steps=1 accumulate=1' noenhanced, \
     'plots/p02-server.mode=local_lr=1_server.local-steps=2_worker.accumulate=1.dat' using 1:3 with lines lw 2 title 'mode=local lr=1 local-steps=2 accumulate=1' noenhanced, \
     'plots/p03-server.mode=local_lr=1_server.local-steps=4_worker.accumulate=1.dat' using 1:3 with lines lw 2 title 'mode=local lr=1 local-steps=4 accumulate=1' noenhanced, \
     'plots/p04-server.mode=local_lr=1_server.local-steps=8_worker.accumulate=1.dat' using 1:3 with lines lw 2 title 'mode=local lr=1 local-steps=8 accumulate=1' noenhanced, \
     'plots/p05-server.mode=local_lr=1_server.local-steps=16_worker.accumulate=1.dat' using 1:3 with lines lw 2 title 'mode=local lr=1 local-steps=16 accumulate=1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-2.svg'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'accuracy' noenhanced
unset arrow
set arrow from graph 0, first 0.8 to graph 1, first 0.8 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p06-server.mode=local_lr=1_server.local-steps=32_worker.accumulate=1.dat' using 1:3 with lines lw 2 title 'mode=local lr=1 local-steps=32 accumulate=1' noenhanced, \
     'plots/p07-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=1.dat' using 1:3 with lines lw 2 title 'mode=sync lr=0.1 local-steps=1 accumulate=1' noenhanced, \
     'plots/p08-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=2.dat' using 1:3 with lines lw 2 title 'mode=sync lr=0.1 local-steps=1 accumulate=2' noenhanced, \
     'plots/p09-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=4.dat' using 1:3 with lines lw 2 title 'mode=sync lr=0.1 local-steps=1 accumulate=4' noenhanced, \
     'plots/p10-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=8.dat' using 1:3 with lines lw 2 title 'mode=sync lr=0.1 local-steps=1 accumulate=8' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-1.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'accuracy' noenhanced
unset arrow
set arrow from graph 0, first 0.8 to graph 1, first 0.8 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-server.mode=local_lr=1_server.local-steps=1_worker.accumulate=1.dat' using 2:3 with lines lw 2 title 'mode=local lr=1 local-steps=1 accumulate=1' noenhanced, \
     'plots/p02-server.mode=local_lr=1_server.local-steps=2_worker.accumulate=1.dat' using 2:3 with lines lw 2 title 'mode=local lr=1 local-steps=2 accumulate=1' noenhanced, \
     'plots/p03-server.mode=local_lr=1_server.local-steps=4_worker.accumulate=1.dat' using 2:3 with lines lw 2 title 'mode=local lr=1 local-steps=4 accumulate=1' noenhanced, \
     'plots/p04-server.mode=local_lr=1_server.local-steps=8_worker.accumulate=1.dat' using 2:3 with lines lw 2 title 'mode=local lr=1 local-steps=8 accumulate=1' noenhanced, \
     'plots/p05-server.mode=local_lr=1_server.local-steps=16_worker.accumulate=1.dat' using 2:3 with lines lw 2 title 'mode=local lr=1 local-steps=16 accumulate=1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-2.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'accuracy' noenhanced
unset arrow
set arrow from graph 0, first 0.8 to graph 1, first 0.8 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p06-server.mode=local_lr=1_server.local-steps=32_worker.accumulate=1.dat' using 2:3 with lines lw 2 title 'mode=local lr=1 local-steps=32 accumulate=1' noenhanced, \
     'plots/p07-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=1.dat' using 2:3 with lines lw 2 title 'mode=sync lr=0.1 local-steps=1 accumulate=1' noenhanced, \
     'plots/p08-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=2.dat' using 2:3 with lines lw 2 title 'mode=sync lr=0.1 local-steps=1 accumulate=2' noenhanced, \
     'plots/p09-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=4.dat' using 2:3 with lines lw 2 title 'mode=sync lr=0.1 local-steps=1 accumulate=4' noenhanced, \
     'plots/p10-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=8.dat' using 2:3 with lines lw 2 title 'mode=sync lr=0.1 local-steps=1 accumulate=8' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-1.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'accuracy' noenhanced
unset arrow
set arrow from graph 0, first 0.8 to graph 1, first 0.8 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-server.mode=local_lr=1_server.local-steps=1_worker.accumulate=1.dat' using 2:3 with lines lw 2 title 'mode=local lr=1 local-steps=1 accumulate=1' noenhanced, \
     'plots/p02-server.mode=local_lr=1_server.local-steps=2_worker.accumulate=1.dat' using 2:3 with lines lw 2 title 'mode=local lr=1 local-steps=2 accumulate=1' noenhanced, \
     'plots/p03-server.mode=local_lr=1_server.local-steps=4_worker.accumulate=1.dat' using 2:3 with lines lw 2 title 'mode=local lr=1 local-steps=4 accumulate=1' noenhanced, \
     'plots/p04-server.mode=local_lr=1_server.local-steps=8_worker.accumulate=1.dat' using 2:3 with lines lw 2 title 'mode=local lr=1 local-steps=8 accumulate=1' noenhanced, \
     'plots/p05-server.mode=local_lr=1_server.local-steps=16_worker.accumulate=1.dat' using 2:3 with lines lw 2 title 'mode=local lr=1 local-steps=16 accumulate=1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-2.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'accuracy' noenhanced
unset arrow
set arrow from graph 0, first 0.8 to graph 1, first 0.8 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p06-server.mode=local_lr=1_server.local-steps=32_worker.accumulate=1.dat' using 2:3 with lines lw 2 title 'mode=local lr=1 local-steps=32 accumulate=1' noenhanced, \
     'plots/p07-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=1.dat' using 2:3 with lines lw 2 title 'mode=sync lr=0.1 local-steps=1 accumulate=1' noenhanced, \
     'plots/p08-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=2.dat' using 2:3 with lines lw 2 title 'mode=sync lr=0.1 local-steps=1 accumulate=2' noenhanced, \
     'plots/p09-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=4.dat' using 2:3 with lines lw 2 title 'mode=sync lr=0.1 local-steps=1 accumulate=4' noenhanced, \
     'plots/p10-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=8.dat' using 2:3 with lines lw 2 title 'mode=sync lr=0.1 local-steps=1 accumulate=8' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-1.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'accuracy' noenhanced
unset arrow
set arrow from graph 0, first 0.8 to graph 1, first 0.8 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-server.mode=local_lr=1_server.local-steps=1_worker.accumulate=1.dat' using 4:3 with lines lw 2 title 'mode=local lr=1 local-steps=1 accumulate=1' noenhanced, \
     'plots/p02-server.mode=local_lr=1_server.local-steps=2_worker.accumulate=1.dat' using 4:3 with lines lw 2 title 'mode=local lr=1 local-steps=2 accumulate=1' noenhanced, \
     'plots/p03-server.mode=local_lr=1_server.local-steps=4_worker.accumulate=1.dat' using 4:3 with lines lw 2 title 'mode=local lr=1 local-steps=4 accumulate=1' noenhanced, \
     'plots/p04-server.mode=local_lr=1_server.local-steps=8_worker.accumulate=1.dat' using 4:3 with lines lw 2 title 'mode=local lr=1 local-steps=8 accumulate=1' noenhanced, \
     'plots/p05-server.mode=local_lr=1_server.local-steps=16_worker.accumulate=1.dat' using 4:3 with lines lw 2 title 'mode=local lr=1 local-steps=16 accumulate=1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-2.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'accuracy' noenhanced
unset arrow
set arrow from graph 0, first 0.8 to graph 1, first 0.8 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p06-server.mode=local_lr=1_server.local-steps=32_worker.accumulate=1.dat' using 4:3 with lines lw 2 title 'mode=local lr=1 local-steps=32 accumulate=1' noenhanced, \
     'plots/p07-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=1.dat' using 4:3 with lines lw 2 title 'mode=sync lr=0.1 local-steps=1 accumulate=1' noenhanced, \
     'plots/p08-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=2.dat' using 4:3 with lines lw 2 title 'mode=sync lr=0.1 local-steps=1 accumulate=2' noenhanced, \
     'plots/p09-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=4.dat' using 4:3 with lines lw 2 title 'mode=sync lr=0.1 local-steps=1 accumulate=4' noenhanced, \
     'plots/p10-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=8.dat' using 4:3 with lines lw 2 title 'mode=sync lr=0.1 local-steps=1 accumulate=8' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-1.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'accuracy' noenhanced
unset arrow
set arrow from graph 0, first 0.8 to graph 1, first 0.8 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-server.mode=local_lr=1_server.local-steps=1_worker.accumulate=1.dat' using 4:3 with lines lw 2 title 'mode=local lr=1 local-steps=1 accumulate=1' noenhanced, \
     'plots/p02-server.mode=local_lr=1_server.local-steps=2_worker.accumulate=1.dat' using 4:3 with lines lw 2 title 'mode=local lr=1 local-steps=2 accumulate=1' noenhanced, \
     'plots/p03-server.mode=local_lr=1_server.local-steps=4_worker.accumulate=1.dat' using 4:3 with lines lw 2 title 'mode=local lr=1 local-steps=4 accumulate=1' noenhanced, \
     'plots/p04-server.mode=local_lr=1_server.local-steps=8_worker.accumulate=1.dat' using 4:3 with lines lw 2 title 'mode=local lr=1 local-steps=8 accumulate=1' noenhanced, \
     'plots/p05-server.mode=local_lr=1_server.local-steps=16_worker.accumulate=1.dat' using 4:3 with lines lw 2 title 'mode=local lr=1 local-steps=16 accumulate=1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-2.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'accuracy' noenhanced
unset arrow
set arrow from graph 0, first 0.8 to graph 1, first 0.8 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p06-server.mode=local_lr=1_server.local-steps=32_worker.accumulate=1.dat' using 4:3 with lines lw 2 title 'mode=local lr=1 local-steps=32 accumulate=1' noenhanced, \
     'plots/p07-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=1.dat' using 4:3 with lines lw 2 title 'mode=sync lr=0.1 local-steps=1 accumulate=1' noenhanced, \
     'plots/p08-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=2.dat' using 4:3 with lines lw 2 title 'mode=sync lr=0.1 local-steps=1 accumulate=2' noenhanced, \
     'plots/p09-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=4.dat' using 4:3 with lines lw 2 title 'mode=sync lr=0.1 local-steps=1 accumulate=4' noenhanced, \
     'plots/p10-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=8.dat' using 4:3 with lines lw 2 title 'mode=sync lr=0.1 local-steps=1 accumulate=8' noenhanced

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
set output 'staleness-p01-server.mode=local_lr=1_server.local-steps=1_worker.accumulate=1.png'
set title 'mode=local lr=1 local-steps=1 accumulate=1' noenhanced
plot 'plots/p01-server.mode=local_lr=1_server.local-steps=1_worker.accumulate=1-staleness.dat' using 1:2 with boxes

set terminal svg size 700,450 dynamic
set output 'staleness-p01-server.mode=local_lr=1_server.local-steps=1_worker.accumulate=1.svg'
set title 'mode=local lr=1 local-steps=1 accumulate=1' noenhanced
plot 'plots/p01-server.mode=local_lr=1_server.local-steps=1_worker.accumulate=1-staleness.dat' using 1:2 with boxes

set terminal @pngterm size 700,450
set output 'staleness-p02-server.mode=local_lr=1_server.local-steps=2_worker.accumulate=1.png'
set title 'mode=local lr=1 local-steps=2 accumulate=1' noenhanced
plot 'plots/p02-server.mode=local_lr=1_server.local-steps=2_worker.accumulate=1-staleness.dat' using 1:2 with boxes

set terminal svg size 700,450 dynamic
set output 'staleness-p02-server.mode=local_lr=1_server.local-steps=2_worker.accumulate=1.svg'
set title 'mode=local lr=1 local-steps=2 accumulate=1' noenhanced
plot 'plots/p02-server.mode=local_lr=1_server.local-steps=2_worker.accumulate=1-staleness.dat' using 1:2 with boxes

set terminal @pngterm size 700,450
set output 'staleness-p03-server.mode=local_lr=1_server.local-steps=4_worker.accumulate=1.png'
set title 'mode=local lr=1 local-steps=4 accumulate=1' noenhanced
plot 'plots/p03-server.mode=local_lr=1_server.local-steps=4_worker.accumulate=1-staleness.dat' using 1:2 with boxes

set terminal svg size 700,450 dynamic
set output 'staleness-p03-server.mode=local_lr=1_server.local-steps=4_worker.accumulate=1.svg'
set title 'mode=local lr=1 local-steps=4 accumulate=1' noenhanced
plot 'plots/p03-server.mode=local_lr=1_server.local-steps=4_worker.accumulate=1-staleness.dat' using 1:2 with boxes

set terminal @pngterm size 700,450
set output 'staleness-p04-server.mode=local_lr=1_server.local-steps=8_worker.accumulate=1.png'
set title 'mode=local lr=1 local-steps=8 accumulate=1' noenhanced
plot 'plots/p04-server.mode=local_lr=1_server.local-steps=8_worker.accumulate=1-staleness.dat' using 1:2 with boxes

set terminal svg size 700,450 dynamic
set output 'staleness-p04-server.mode=local_lr=1_server.local-steps=8_worker.accumulate=1.svg'
set title 'mode=local lr=1 local-steps=8 accumulate=1' noenhanced
plot 'plots/p04-server.mode=local_lr=1_server.local-steps=8_worker.accumulate=1-staleness.dat' using 1:2 with boxes

set terminal @pngterm size 700,450
set output 'staleness-p05-server.mode=local_lr=1_server.local-steps=16_worker.accumulate=1.png'
set title 'mode=local lr=1 local-steps=16 accumulate=1' noenhanced
plot 'plots/p05-server.mode=local_lr=1_server.local-steps=16_worker.accumulate=1-staleness.dat' using 1:2 with boxes

set terminal svg size 700,450 dynamic
set output 'staleness-p05-server.mode=local_lr=1_server.local-steps=16_worker.accumulate=1.svg'
set title 'mode=local lr=1 local-steps=16 accumulate=1' noenhanced
plot 'plots/p05-server.mode=local_lr=1_server.local-steps=16_worker.accumulate=1-staleness.dat' using 1:2 with boxes

set terminal @pngterm size 700,450
set output 'staleness-p06-server.mode=local_lr=1_server.local-steps=32_worker.accumulate=1.png'
set title 'mode=local lr=1 local-steps=32 accumulate=1' noenhanced
plot 'plots/p06-server.mode=local_lr=1_server.local-steps=32_worker.accumulate=1-staleness.dat' using 1:2 with boxes

set terminal svg size 700,450 dynamic
set output 'staleness-p06-server.mode=local_lr=1_server.local-steps=32_worker.accumulate=1.svg'
set title 'mode=local lr=1 local-steps=32 accumulate=1' noenhanced
plot 'plots/p06-server.mode=local_lr=1_server.local-steps=32_worker.accumulate=1-staleness.dat' using 1:2 with boxes

set terminal @pngterm size 700,450
set output 'staleness-p07-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=1.png'
set title 'mode=sync lr=0.1 local-steps=1 accumulate=1' noenhanced
plot 'plots/p07-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=1-staleness.dat' using 1:2 with boxes

set terminal svg size 700,450 dynamic
set output 'staleness-p07-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=1.svg'
set title 'mode=sync lr=0.1 local-steps=1 accumulate=1' noenhanced
plot 'plots/p07-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=1-staleness.dat' using 1:2 with boxes

set terminal @pngterm size 700,450
set output 'staleness-p08-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=2.png'
set title 'mode=sync lr=0.1 local-steps=1 accumulate=2' noenhanced
plot 'plots/p08-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=2-staleness.dat' using 1:2 with boxes

set terminal svg size 700,450 dynamic
set output 'staleness-p08-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=2.svg'
set title 'mode=sync lr=0.1 local-steps=1 accumulate=2' noenhanced
plot 'plots/p08-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=2-staleness.dat' using 1:2 with boxes

set terminal @pngterm size 700,450
set output 'staleness-p09-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=4.png'
set title 'mode=sync lr=0.1 local-steps=1 accumulate=4' noenhanced
plot 'plots/p09-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=4-staleness.dat' using 1:2 with boxes

set terminal svg size 700,450 dynamic
set output 'staleness-p09-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=4.svg'
set title 'mode=sync lr=0.1 local-steps=1 accumulate=4' noenhanced
plot 'plots/p09-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=4-staleness.dat' using 1:2 with boxes

set terminal @pngterm size 700,450
set output 'staleness-p10-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=8.png'
set title 'mode=sync lr=0.1 local-steps=1 accumulate=8' noenhanced
plot 'plots/p10-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=8-staleness.dat' using 1:2 with boxes

set terminal svg size 700,450 dynamic
set output 'staleness-p10-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=8.svg'
set title 'mode=sync lr=0.1 local-steps=1 accumulate=8' noenhanced
plot 'plots/p10-server.mode=sync_lr=0.1_server.local-steps=1_worker.accumulate=8-staleness.dat' using 1:2 with boxes
