# Written by taups-sweep for experiments/e1-threshold.ini; redraw with: cd experiments/results/e1-threshold && gnuplot plots.gp
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
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-worker.read-lag=1_lr=0.8.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=1 lr=0.8' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-1.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-worker.read-lag=1_lr=0.8.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=1 lr=0.8' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-2.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p02-worker.read-lag=1_lr=0.95.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=1 lr=0.95' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-2.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p02-worker.read-lag=1_lr=0.95.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=1 lr=0.95' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-3.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p03-worker.read-lag=1_lr=1.05.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=1 lr=1.05' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-3.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p03-worker.read-lag=1_lr=1.05.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=1 lr=1.05' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-4.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p04-worker.read-lag=1_lr=1.25.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=1 lr=1.25' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-4.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p04-worker.read-lag=1_lr=1.25.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=1 lr=1.25' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-5.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p05-worker.read-lag=2_lr=0.494427.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=2 lr=0.494427' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-5.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p05-worker.read-lag=2_lr=0.494427.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=2 lr=0.494427' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-6.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p06-worker.read-lag=2_lr=0.587132.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=2 lr=0.587132' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-6.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p06-worker.read-lag=2_lr=0.587132.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=2 lr=0.587132' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-7.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p07-worker.read-lag=2_lr=0.648936.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=2 lr=0.648936' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-7.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p07-worker.read-lag=2_lr=0.648936.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=2 lr=0.648936' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-8.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p08-worker.read-lag=2_lr=0.772542.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=2 lr=0.772542' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-8.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p08-worker.read-lag=2_lr=0.772542.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=2 lr=0.772542' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-9.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p09-worker.read-lag=5_lr=0.227704.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=5 lr=0.227704' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-9.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p09-worker.read-lag=5_lr=0.227704.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=5 lr=0.227704' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-10.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p10-worker.read-lag=5_lr=0.270398.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=5 lr=0.270398' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-10.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p10-worker.read-lag=5_lr=0.270398.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=5 lr=0.270398' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-11.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p11-worker.read-lag=5_lr=0.298861.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=5 lr=0.298861' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-11.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p11-worker.read-lag=5_lr=0.298861.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=5 lr=0.298861' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-12.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p12-worker.read-lag=5_lr=0.355787.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=5 lr=0.355787' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-12.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p12-worker.read-lag=5_lr=0.355787.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=5 lr=0.355787' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-13.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p13-worker.read-lag=10_lr=0.119568.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=10 lr=0.119568' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-13.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p13-worker.read-lag=10_lr=0.119568.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=10 lr=0.119568' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-14.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p14-worker.read-lag=10_lr=0.141987.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=10 lr=0.141987' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-14.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p14-worker.read-lag=10_lr=0.141987.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=10 lr=0.141987' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-15.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p15-worker.read-lag=10_lr=0.156933.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=10 lr=0.156933' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-15.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p15-worker.read-lag=10_lr=0.156933.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=10 lr=0.156933' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-16.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p16-worker.read-lag=10_lr=0.186825.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=10 lr=0.186825' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-16.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p16-worker.read-lag=10_lr=0.186825.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=10 lr=0.186825' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-17.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p17-worker.read-lag=20_lr=0.061284.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=20 lr=0.061284' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-17.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p17-worker.read-lag=20_lr=0.061284.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=20 lr=0.061284' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-18.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p18-worker.read-lag=20_lr=0.072775.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=20 lr=0.072775' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-18.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p18-worker.read-lag=20_lr=0.072775.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=20 lr=0.072775' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-19.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p19-worker.read-lag=20_lr=0.080436.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=20 lr=0.080436' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-19.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p19-worker.read-lag=20_lr=0.080436.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=20 lr=0.080436' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-20.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p20-worker.read-lag=20_lr=0.095757.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=20 lr=0.095757' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-20.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p20-worker.read-lag=20_lr=0.095757.dat' using 1:3 with lines lw 2 dt 1 title 'read-lag=20 lr=0.095757' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-1.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-worker.read-lag=1_lr=0.8.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=1 lr=0.8' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-1.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-worker.read-lag=1_lr=0.8.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=1 lr=0.8' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-2.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p02-worker.read-lag=1_lr=0.95.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=1 lr=0.95' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-2.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p02-worker.read-lag=1_lr=0.95.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=1 lr=0.95' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-3.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p03-worker.read-lag=1_lr=1.05.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=1 lr=1.05' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-3.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p03-worker.read-lag=1_lr=1.05.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=1 lr=1.05' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-4.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p04-worker.read-lag=1_lr=1.25.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=1 lr=1.25' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-4.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p04-worker.read-lag=1_lr=1.25.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=1 lr=1.25' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-5.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p05-worker.read-lag=2_lr=0.494427.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=2 lr=0.494427' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-5.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p05-worker.read-lag=2_lr=0.494427.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=2 lr=0.494427' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-6.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p06-worker.read-lag=2_lr=0.587132.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=2 lr=0.587132' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-6.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p06-worker.read-lag=2_lr=0.587132.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=2 lr=0.587132' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-7.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p07-worker.read-lag=2_lr=0.648936.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=2 lr=0.648936' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-7.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p07-worker.read-lag=2_lr=0.648936.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=2 lr=0.648936' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-8.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p08-worker.read-lag=2_lr=0.772542.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=2 lr=0.772542' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-8.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p08-worker.read-lag=2_lr=0.772542.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=2 lr=0.772542' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-9.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p09-worker.read-lag=5_lr=0.227704.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=5 lr=0.227704' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-9.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p09-worker.read-lag=5_lr=0.227704.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=5 lr=0.227704' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-10.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p10-worker.read-lag=5_lr=0.270398.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=5 lr=0.270398' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-10.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p10-worker.read-lag=5_lr=0.270398.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=5 lr=0.270398' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-11.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p11-worker.read-lag=5_lr=0.298861.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=5 lr=0.298861' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-11.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p11-worker.read-lag=5_lr=0.298861.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=5 lr=0.298861' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-12.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p12-worker.read-lag=5_lr=0.355787.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=5 lr=0.355787' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-12.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p12-worker.read-lag=5_lr=0.355787.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=5 lr=0.355787' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-13.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p13-worker.read-lag=10_lr=0.119568.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=10 lr=0.119568' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-13.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p13-worker.read-lag=10_lr=0.119568.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=10 lr=0.119568' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-14.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p14-worker.read-lag=10_lr=0.141987.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=10 lr=0.141987' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-14.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p14-worker.read-lag=10_lr=0.141987.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=10 lr=0.141987' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-15.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p15-worker.read-lag=10_lr=0.156933.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=10 lr=0.156933' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-15.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p15-worker.read-lag=10_lr=0.156933.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=10 lr=0.156933' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-16.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p16-worker.read-lag=10_lr=0.186825.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=10 lr=0.186825' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-16.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p16-worker.read-lag=10_lr=0.186825.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=10 lr=0.186825' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-17.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p17-worker.read-lag=20_lr=0.061284.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=20 lr=0.061284' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-17.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p17-worker.read-lag=20_lr=0.061284.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=20 lr=0.061284' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-18.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p18-worker.read-lag=20_lr=0.072775.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=20 lr=0.072775' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-18.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p18-worker.read-lag=20_lr=0.072775.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=20 lr=0.072775' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-19.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p19-worker.read-lag=20_lr=0.080436.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=20 lr=0.080436' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-19.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p19-worker.read-lag=20_lr=0.080436.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=20 lr=0.080436' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-20.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p20-worker.read-lag=20_lr=0.095757.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=20 lr=0.095757' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-20.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p20-worker.read-lag=20_lr=0.095757.dat' using 2:3 with lines lw 2 dt 1 title 'read-lag=20 lr=0.095757' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-1.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-worker.read-lag=1_lr=0.8.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=1 lr=0.8' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-1.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-worker.read-lag=1_lr=0.8.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=1 lr=0.8' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-2.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p02-worker.read-lag=1_lr=0.95.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=1 lr=0.95' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-2.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p02-worker.read-lag=1_lr=0.95.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=1 lr=0.95' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-3.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p03-worker.read-lag=1_lr=1.05.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=1 lr=1.05' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-3.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p03-worker.read-lag=1_lr=1.05.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=1 lr=1.05' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-4.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p04-worker.read-lag=1_lr=1.25.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=1 lr=1.25' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-4.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p04-worker.read-lag=1_lr=1.25.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=1 lr=1.25' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-5.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p05-worker.read-lag=2_lr=0.494427.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=2 lr=0.494427' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-5.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p05-worker.read-lag=2_lr=0.494427.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=2 lr=0.494427' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-6.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p06-worker.read-lag=2_lr=0.587132.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=2 lr=0.587132' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-6.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p06-worker.read-lag=2_lr=0.587132.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=2 lr=0.587132' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-7.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p07-worker.read-lag=2_lr=0.648936.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=2 lr=0.648936' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-7.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p07-worker.read-lag=2_lr=0.648936.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=2 lr=0.648936' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-8.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p08-worker.read-lag=2_lr=0.772542.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=2 lr=0.772542' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-8.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p08-worker.read-lag=2_lr=0.772542.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=2 lr=0.772542' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-9.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p09-worker.read-lag=5_lr=0.227704.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=5 lr=0.227704' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-9.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p09-worker.read-lag=5_lr=0.227704.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=5 lr=0.227704' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-10.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p10-worker.read-lag=5_lr=0.270398.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=5 lr=0.270398' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-10.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p10-worker.read-lag=5_lr=0.270398.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=5 lr=0.270398' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-11.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p11-worker.read-lag=5_lr=0.298861.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=5 lr=0.298861' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-11.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p11-worker.read-lag=5_lr=0.298861.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=5 lr=0.298861' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-12.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p12-worker.read-lag=5_lr=0.355787.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=5 lr=0.355787' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-12.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p12-worker.read-lag=5_lr=0.355787.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=5 lr=0.355787' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-13.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p13-worker.read-lag=10_lr=0.119568.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=10 lr=0.119568' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-13.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p13-worker.read-lag=10_lr=0.119568.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=10 lr=0.119568' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-14.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p14-worker.read-lag=10_lr=0.141987.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=10 lr=0.141987' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-14.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p14-worker.read-lag=10_lr=0.141987.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=10 lr=0.141987' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-15.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p15-worker.read-lag=10_lr=0.156933.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=10 lr=0.156933' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-15.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p15-worker.read-lag=10_lr=0.156933.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=10 lr=0.156933' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-16.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p16-worker.read-lag=10_lr=0.186825.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=10 lr=0.186825' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-16.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p16-worker.read-lag=10_lr=0.186825.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=10 lr=0.186825' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-17.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p17-worker.read-lag=20_lr=0.061284.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=20 lr=0.061284' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-17.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p17-worker.read-lag=20_lr=0.061284.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=20 lr=0.061284' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-18.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p18-worker.read-lag=20_lr=0.072775.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=20 lr=0.072775' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-18.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p18-worker.read-lag=20_lr=0.072775.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=20 lr=0.072775' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-19.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p19-worker.read-lag=20_lr=0.080436.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=20 lr=0.080436' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-19.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p19-worker.read-lag=20_lr=0.080436.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=20 lr=0.080436' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-20.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p20-worker.read-lag=20_lr=0.095757.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=20 lr=0.095757' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-20.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p20-worker.read-lag=20_lr=0.095757.dat' using 4:3 with lines lw 2 dt 1 title 'read-lag=20 lr=0.095757' noenhanced

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
set output 'staleness-p01-worker.read-lag=1_lr=0.8.png'
set title 'read-lag=1 lr=0.8' noenhanced
plot 'plots/p01-worker.read-lag=1_lr=0.8-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p01-worker.read-lag=1_lr=0.8.svg'
set title 'read-lag=1 lr=0.8' noenhanced
plot 'plots/p01-worker.read-lag=1_lr=0.8-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p02-worker.read-lag=1_lr=0.95.png'
set title 'read-lag=1 lr=0.95' noenhanced
plot 'plots/p02-worker.read-lag=1_lr=0.95-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p02-worker.read-lag=1_lr=0.95.svg'
set title 'read-lag=1 lr=0.95' noenhanced
plot 'plots/p02-worker.read-lag=1_lr=0.95-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p03-worker.read-lag=1_lr=1.05.png'
set title 'read-lag=1 lr=1.05' noenhanced
plot 'plots/p03-worker.read-lag=1_lr=1.05-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p03-worker.read-lag=1_lr=1.05.svg'
set title 'read-lag=1 lr=1.05' noenhanced
plot 'plots/p03-worker.read-lag=1_lr=1.05-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p04-worker.read-lag=1_lr=1.25.png'
set title 'read-lag=1 lr=1.25' noenhanced
plot 'plots/p04-worker.read-lag=1_lr=1.25-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p04-worker.read-lag=1_lr=1.25.svg'
set title 'read-lag=1 lr=1.25' noenhanced
plot 'plots/p04-worker.read-lag=1_lr=1.25-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p05-worker.read-lag=2_lr=0.494427.png'
set title 'read-lag=2 lr=0.494427' noenhanced
plot 'plots/p05-worker.read-lag=2_lr=0.494427-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p05-worker.read-lag=2_lr=0.494427.svg'
set title 'read-lag=2 lr=0.494427' noenhanced
plot 'plots/p05-worker.read-lag=2_lr=0.494427-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p06-worker.read-lag=2_lr=0.587132.png'
set title 'read-lag=2 lr=0.587132' noenhanced
plot 'plots/p06-worker.read-lag=2_lr=0.587132-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p06-worker.read-lag=2_lr=0.587132.svg'
set title 'read-lag=2 lr=0.587132' noenhanced
plot 'plots/p06-worker.read-lag=2_lr=0.587132-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p07-worker.read-lag=2_lr=0.648936.png'
set title 'read-lag=2 lr=0.648936' noenhanced
plot 'plots/p07-worker.read-lag=2_lr=0.648936-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p07-worker.read-lag=2_lr=0.648936.svg'
set title 'read-lag=2 lr=0.648936' noenhanced
plot 'plots/p07-worker.read-lag=2_lr=0.648936-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p08-worker.read-lag=2_lr=0.772542.png'
set title 'read-lag=2 lr=0.772542' noenhanced
plot 'plots/p08-worker.read-lag=2_lr=0.772542-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p08-worker.read-lag=2_lr=0.772542.svg'
set title 'read-lag=2 lr=0.772542' noenhanced
plot 'plots/p08-worker.read-lag=2_lr=0.772542-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p09-worker.read-lag=5_lr=0.227704.png'
set title 'read-lag=5 lr=0.227704' noenhanced
plot 'plots/p09-worker.read-lag=5_lr=0.227704-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p09-worker.read-lag=5_lr=0.227704.svg'
set title 'read-lag=5 lr=0.227704' noenhanced
plot 'plots/p09-worker.read-lag=5_lr=0.227704-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p10-worker.read-lag=5_lr=0.270398.png'
set title 'read-lag=5 lr=0.270398' noenhanced
plot 'plots/p10-worker.read-lag=5_lr=0.270398-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p10-worker.read-lag=5_lr=0.270398.svg'
set title 'read-lag=5 lr=0.270398' noenhanced
plot 'plots/p10-worker.read-lag=5_lr=0.270398-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p11-worker.read-lag=5_lr=0.298861.png'
set title 'read-lag=5 lr=0.298861' noenhanced
plot 'plots/p11-worker.read-lag=5_lr=0.298861-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p11-worker.read-lag=5_lr=0.298861.svg'
set title 'read-lag=5 lr=0.298861' noenhanced
plot 'plots/p11-worker.read-lag=5_lr=0.298861-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p12-worker.read-lag=5_lr=0.355787.png'
set title 'read-lag=5 lr=0.355787' noenhanced
plot 'plots/p12-worker.read-lag=5_lr=0.355787-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p12-worker.read-lag=5_lr=0.355787.svg'
set title 'read-lag=5 lr=0.355787' noenhanced
plot 'plots/p12-worker.read-lag=5_lr=0.355787-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p13-worker.read-lag=10_lr=0.119568.png'
set title 'read-lag=10 lr=0.119568' noenhanced
plot 'plots/p13-worker.read-lag=10_lr=0.119568-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p13-worker.read-lag=10_lr=0.119568.svg'
set title 'read-lag=10 lr=0.119568' noenhanced
plot 'plots/p13-worker.read-lag=10_lr=0.119568-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p14-worker.read-lag=10_lr=0.141987.png'
set title 'read-lag=10 lr=0.141987' noenhanced
plot 'plots/p14-worker.read-lag=10_lr=0.141987-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p14-worker.read-lag=10_lr=0.141987.svg'
set title 'read-lag=10 lr=0.141987' noenhanced
plot 'plots/p14-worker.read-lag=10_lr=0.141987-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p15-worker.read-lag=10_lr=0.156933.png'
set title 'read-lag=10 lr=0.156933' noenhanced
plot 'plots/p15-worker.read-lag=10_lr=0.156933-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p15-worker.read-lag=10_lr=0.156933.svg'
set title 'read-lag=10 lr=0.156933' noenhanced
plot 'plots/p15-worker.read-lag=10_lr=0.156933-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p16-worker.read-lag=10_lr=0.186825.png'
set title 'read-lag=10 lr=0.186825' noenhanced
plot 'plots/p16-worker.read-lag=10_lr=0.186825-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p16-worker.read-lag=10_lr=0.186825.svg'
set title 'read-lag=10 lr=0.186825' noenhanced
plot 'plots/p16-worker.read-lag=10_lr=0.186825-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p17-worker.read-lag=20_lr=0.061284.png'
set title 'read-lag=20 lr=0.061284' noenhanced
plot 'plots/p17-worker.read-lag=20_lr=0.061284-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p17-worker.read-lag=20_lr=0.061284.svg'
set title 'read-lag=20 lr=0.061284' noenhanced
plot 'plots/p17-worker.read-lag=20_lr=0.061284-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p18-worker.read-lag=20_lr=0.072775.png'
set title 'read-lag=20 lr=0.072775' noenhanced
plot 'plots/p18-worker.read-lag=20_lr=0.072775-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p18-worker.read-lag=20_lr=0.072775.svg'
set title 'read-lag=20 lr=0.072775' noenhanced
plot 'plots/p18-worker.read-lag=20_lr=0.072775-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p19-worker.read-lag=20_lr=0.080436.png'
set title 'read-lag=20 lr=0.080436' noenhanced
plot 'plots/p19-worker.read-lag=20_lr=0.080436-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p19-worker.read-lag=20_lr=0.080436.svg'
set title 'read-lag=20 lr=0.080436' noenhanced
plot 'plots/p19-worker.read-lag=20_lr=0.080436-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p20-worker.read-lag=20_lr=0.095757.png'
set title 'read-lag=20 lr=0.095757' noenhanced
plot 'plots/p20-worker.read-lag=20_lr=0.095757-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p20-worker.read-lag=20_lr=0.095757.svg'
set title 'read-lag=20 lr=0.095757' noenhanced
plot 'plots/p20-worker.read-lag=20_lr=0.095757-staleness.dat' using 1:2 with boxes
