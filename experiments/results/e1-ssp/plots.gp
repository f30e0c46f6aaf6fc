# Written by taups-sweep for /work/main/experiments/e1-ssp.ini; redraw with: cd /work/main/experiments/results/e1-ssp && gnuplot plots.gp
# Curves are each configuration's first successful seed.
set macros
pngterm = (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) ? 'pngcairo' : 'png'
set grid
set key outside below left Left reverse maxcols 2 noenhanced
set logscale y
set format y '%.0e'
set yrange [*:100]

set terminal @pngterm size 900,720
set output 'metric_vs_time.png'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
plot 'plots/p01-server.staleness=0_lr=0.2.dat' using 1:3 with lines lw 2 title 'staleness=0 lr=0.2' noenhanced, \
     'plots/p02-server.staleness=1_lr=0.2.dat' using 1:3 with lines lw 2 title 'staleness=1 lr=0.2' noenhanced, \
     'plots/p03-server.staleness=5_lr=0.2.dat' using 1:3 with lines lw 2 title 'staleness=5 lr=0.2' noenhanced, \
     'plots/p04-server.staleness=10_lr=0.2.dat' using 1:3 with lines lw 2 title 'staleness=10 lr=0.2' noenhanced, \
     'plots/p05-server.staleness=20_lr=0.2.dat' using 1:3 with lines lw 2 title 'staleness=20 lr=0.2' noenhanced, \
     'plots/p06-server.staleness=50_lr=0.2.dat' using 1:3 with lines lw 2 title 'staleness=50 lr=0.2' noenhanced, \
     'plots/p07-server.staleness=1_lr=0.1.dat' using 1:3 with lines lw 2 title 'staleness=1 lr=0.1' noenhanced, \
     'plots/p08-server.staleness=5_lr=0.0333333.dat' using 1:3 with lines lw 2 title 'staleness=5 lr=0.0333333' noenhanced, \
     'plots/p09-server.staleness=10_lr=0.0181818.dat' using 1:3 with lines lw 2 title 'staleness=10 lr=0.0181818' noenhanced, \
     'plots/p10-server.staleness=20_lr=0.00952381.dat' using 1:3 with lines lw 2 title 'staleness=20 lr=0.00952381' noenhanced, \
     'plots/p11-server.staleness=50_lr=0.00392157.dat' using 1:3 with lines lw 2 title 'staleness=50 lr=0.00392157' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time.svg'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
plot 'plots/p01-server.staleness=0_lr=0.2.dat' using 1:3 with lines lw 2 title 'staleness=0 lr=0.2' noenhanced, \
     'plots/p02-server.staleness=1_lr=0.2.dat' using 1:3 with lines lw 2 title 'staleness=1 lr=0.2' noenhanced, \
     'plots/p03-server.staleness=5_lr=0.2.dat' using 1:3 with lines lw 2 title 'staleness=5 lr=0.2' noenhanced, \
     'plots/p04-server.staleness=10_lr=0.2.dat' using 1:3 with lines lw 2 title 'staleness=10 lr=0.2' noenhanced, \
     'plots/p05-server.staleness=20_lr=0.2.dat' using 1:3 with lines lw 2 title 'staleness=20 lr=0.2' noenhanced, \
     'plots/p06-server.staleness=50_lr=0.2.dat' using 1:3 with lines lw 2 title 'staleness=50 lr=0.2' noenhanced, \
     'plots/p07-server.staleness=1_lr=0.1.dat' using 1:3 with lines lw 2 title 'staleness=1 lr=0.1' noenhanced, \
     'plots/p08-server.staleness=5_lr=0.0333333.dat' using 1:3 with lines lw 2 title 'staleness=5 lr=0.0333333' noenhanced, \
     'plots/p09-server.staleness=10_lr=0.0181818.dat' using 1:3 with lines lw 2 title 'staleness=10 lr=0.0181818' noenhanced, \
     'plots/p10-server.staleness=20_lr=0.00952381.dat' using 1:3 with lines lw 2 title 'staleness=20 lr=0.00952381' noenhanced, \
     'plots/p11-server.staleness=50_lr=0.00392157.dat' using 1:3 with lines lw 2 title 'staleness=50 lr=0.00392157' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates.png'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
plot 'plots/p01-server.staleness=0_lr=0.2.dat' using 2:3 with lines lw 2 title 'staleness=0 lr=0.2' noenhanced, \
     'plots/p02-server.staleness=1_lr=0.2.dat' using 2:3 with lines lw 2 title 'staleness=1 lr=0.2' noenhanced, \
     'plots/p03-server.staleness=5_lr=0.2.dat' using 2:3 with lines lw 2 title 'staleness=5 lr=0.2' noenhanced, \
     'plots/p04-server.staleness=10_lr=0.2.dat' using 2:3 with lines lw 2 title 'staleness=10 lr=0.2' noenhanced, \
     'plots/p05-server.staleness=20_lr=0.2.dat' using 2:3 with lines lw 2 title 'staleness=20 lr=0.2' noenhanced, \
     'plots/p06-server.staleness=50_lr=0.2.dat' using 2:3 with lines lw 2 title 'staleness=50 lr=0.2' noenhanced, \
     'plots/p07-server.staleness=1_lr=0.1.dat' using 2:3 with lines lw 2 title 'staleness=1 lr=0.1' noenhanced, \
     'plots/p08-server.staleness=5_lr=0.0333333.dat' using 2:3 with lines lw 2 title 'staleness=5 lr=0.0333333' noenhanced, \
     'plots/p09-server.staleness=10_lr=0.0181818.dat' using 2:3 with lines lw 2 title 'staleness=10 lr=0.0181818' noenhanced, \
     'plots/p10-server.staleness=20_lr=0.00952381.dat' using 2:3 with lines lw 2 title 'staleness=20 lr=0.00952381' noenhanced, \
     'plots/p11-server.staleness=50_lr=0.00392157.dat' using 2:3 with lines lw 2 title 'staleness=50 lr=0.00392157' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates.svg'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
plot 'plots/p01-server.staleness=0_lr=0.2.dat' using 2:3 with lines lw 2 title 'staleness=0 lr=0.2' noenhanced, \
     'plots/p02-server.staleness=1_lr=0.2.dat' using 2:3 with lines lw 2 title 'staleness=1 lr=0.2' noenhanced, \
     'plots/p03-server.staleness=5_lr=0.2.dat' using 2:3 with lines lw 2 title 'staleness=5 lr=0.2' noenhanced, \
     'plots/p04-server.staleness=10_lr=0.2.dat' using 2:3 with lines lw 2 title 'staleness=10 lr=0.2' noenhanced, \
     'plots/p05-server.staleness=20_lr=0.2.dat' using 2:3 with lines lw 2 title 'staleness=20 lr=0.2' noenhanced, \
     'plots/p06-server.staleness=50_lr=0.2.dat' using 2:3 with lines lw 2 title 'staleness=50 lr=0.2' noenhanced, \
     'plots/p07-server.staleness=1_lr=0.1.dat' using 2:3 with lines lw 2 title 'staleness=1 lr=0.1' noenhanced, \
     'plots/p08-server.staleness=5_lr=0.0333333.dat' using 2:3 with lines lw 2 title 'staleness=5 lr=0.0333333' noenhanced, \
     'plots/p09-server.staleness=10_lr=0.0181818.dat' using 2:3 with lines lw 2 title 'staleness=10 lr=0.0181818' noenhanced, \
     'plots/p10-server.staleness=20_lr=0.00952381.dat' using 2:3 with lines lw 2 title 'staleness=20 lr=0.00952381' noenhanced, \
     'plots/p11-server.staleness=50_lr=0.00392157.dat' using 2:3 with lines lw 2 title 'staleness=50 lr=0.00392157' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes.png'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
plot 'plots/p01-server.staleness=0_lr=0.2.dat' using 4:3 with lines lw 2 title 'staleness=0 lr=0.2' noenhanced, \
     'plots/p02-server.staleness=1_lr=0.2.dat' using 4:3 with lines lw 2 title 'staleness=1 lr=0.2' noenhanced, \
     'plots/p03-server.staleness=5_lr=0.2.dat' using 4:3 with lines lw 2 title 'staleness=5 lr=0.2' noenhanced, \
     'plots/p04-server.staleness=10_lr=0.2.dat' using 4:3 with lines lw 2 title 'staleness=10 lr=0.2' noenhanced, \
     'plots/p05-server.staleness=20_lr=0.2.dat' using 4:3 with lines lw 2 title 'staleness=20 lr=0.2' noenhanced, \
     'plots/p06-server.staleness=50_lr=0.2.dat' using 4:3 with lines lw 2 title 'staleness=50 lr=0.2' noenhanced, \
     'plots/p07-server.staleness=1_lr=0.1.dat' using 4:3 with lines lw 2 title 'staleness=1 lr=0.1' noenhanced, \
     'plots/p08-server.staleness=5_lr=0.0333333.dat' using 4:3 with lines lw 2 title 'staleness=5 lr=0.0333333' noenhanced, \
     'plots/p09-server.staleness=10_lr=0.0181818.dat' using 4:3 with lines lw 2 title 'staleness=10 lr=0.0181818' noenhanced, \
     'plots/p10-server.staleness=20_lr=0.00952381.dat' using 4:3 with lines lw 2 title 'staleness=20 lr=0.00952381' noenhanced, \
     'plots/p11-server.staleness=50_lr=0.00392157.dat' using 4:3 with lines lw 2 title 'staleness=50 lr=0.00392157' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes.svg'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
plot 'plots/p01-server.staleness=0_lr=0.2.dat' using 4:3 with lines lw 2 title 'staleness=0 lr=0.2' noenhanced, \
     'plots/p02-server.staleness=1_lr=0.2.dat' using 4:3 with lines lw 2 title 'staleness=1 lr=0.2' noenhanced, \
     'plots/p03-server.staleness=5_lr=0.2.dat' using 4:3 with lines lw 2 title 'staleness=5 lr=0.2' noenhanced, \
     'plots/p04-server.staleness=10_lr=0.2.dat' using 4:3 with lines lw 2 title 'staleness=10 lr=0.2' noenhanced, \
     'plots/p05-server.staleness=20_lr=0.2.dat' using 4:3 with lines lw 2 title 'staleness=20 lr=0.2' noenhanced, \
     'plots/p06-server.staleness=50_lr=0.2.dat' using 4:3 with lines lw 2 title 'staleness=50 lr=0.2' noenhanced, \
     'plots/p07-server.staleness=1_lr=0.1.dat' using 4:3 with lines lw 2 title 'staleness=1 lr=0.1' noenhanced, \
     'plots/p08-server.staleness=5_lr=0.0333333.dat' using 4:3 with lines lw 2 title 'staleness=5 lr=0.0333333' noenhanced, \
     'plots/p09-server.staleness=10_lr=0.0181818.dat' using 4:3 with lines lw 2 title 'staleness=10 lr=0.0181818' noenhanced, \
     'plots/p10-server.staleness=20_lr=0.00952381.dat' using 4:3 with lines lw 2 title 'staleness=20 lr=0.00952381' noenhanced, \
     'plots/p11-server.staleness=50_lr=0.00392157.dat' using 4:3 with lines lw 2 title 'staleness=50 lr=0.00392157' noenhanced

unset logscale y
set format y '%g'
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
set output 'staleness-p01-server.staleness=0_lr=0.2.png'
set title 'staleness=0 lr=0.2' noenhanced
plot 'plots/p01-server.staleness=0_lr=0.2-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p01-server.staleness=0_lr=0.2.svg'
set title 'staleness=0 lr=0.2' noenhanced
plot 'plots/p01-server.staleness=0_lr=0.2-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p02-server.staleness=1_lr=0.2.png'
set title 'staleness=1 lr=0.2' noenhanced
plot 'plots/p02-server.staleness=1_lr=0.2-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p02-server.staleness=1_lr=0.2.svg'
set title 'staleness=1 lr=0.2' noenhanced
plot 'plots/p02-server.staleness=1_lr=0.2-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p03-server.staleness=5_lr=0.2.png'
set title 'staleness=5 lr=0.2' noenhanced
plot 'plots/p03-server.staleness=5_lr=0.2-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p03-server.staleness=5_lr=0.2.svg'
set title 'staleness=5 lr=0.2' noenhanced
plot 'plots/p03-server.staleness=5_lr=0.2-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p04-server.staleness=10_lr=0.2.png'
set title 'staleness=10 lr=0.2' noenhanced
plot 'plots/p04-server.staleness=10_lr=0.2-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p04-server.staleness=10_lr=0.2.svg'
set title 'staleness=10 lr=0.2' noenhanced
plot 'plots/p04-server.staleness=10_lr=0.2-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p05-server.staleness=20_lr=0.2.png'
set title 'staleness=20 lr=0.2' noenhanced
plot 'plots/p05-server.staleness=20_lr=0.2-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p05-server.staleness=20_lr=0.2.svg'
set title 'staleness=20 lr=0.2' noenhanced
plot 'plots/p05-server.staleness=20_lr=0.2-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p06-server.staleness=50_lr=0.2.png'
set title 'staleness=50 lr=0.2' noenhanced
plot 'plots/p06-server.staleness=50_lr=0.2-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p06-server.staleness=50_lr=0.2.svg'
set title 'staleness=50 lr=0.2' noenhanced
plot 'plots/p06-server.staleness=50_lr=0.2-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p07-server.staleness=1_lr=0.1.png'
set title 'staleness=1 lr=0.1' noenhanced
plot 'plots/p07-server.staleness=1_lr=0.1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p07-server.staleness=1_lr=0.1.svg'
set title 'staleness=1 lr=0.1' noenhanced
plot 'plots/p07-server.staleness=1_lr=0.1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p08-server.staleness=5_lr=0.0333333.png'
set title 'staleness=5 lr=0.0333333' noenhanced
plot 'plots/p08-server.staleness=5_lr=0.0333333-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p08-server.staleness=5_lr=0.0333333.svg'
set title 'staleness=5 lr=0.0333333' noenhanced
plot 'plots/p08-server.staleness=5_lr=0.0333333-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p09-server.staleness=10_lr=0.0181818.png'
set title 'staleness=10 lr=0.0181818' noenhanced
plot 'plots/p09-server.staleness=10_lr=0.0181818-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p09-server.staleness=10_lr=0.0181818.svg'
set title 'staleness=10 lr=0.0181818' noenhanced
plot 'plots/p09-server.staleness=10_lr=0.0181818-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p10-server.staleness=20_lr=0.00952381.png'
set title 'staleness=20 lr=0.00952381' noenhanced
plot 'plots/p10-server.staleness=20_lr=0.00952381-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p10-server.staleness=20_lr=0.00952381.svg'
set title 'staleness=20 lr=0.00952381' noenhanced
plot 'plots/p10-server.staleness=20_lr=0.00952381-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p11-server.staleness=50_lr=0.00392157.png'
set title 'staleness=50 lr=0.00392157' noenhanced
plot 'plots/p11-server.staleness=50_lr=0.00392157-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p11-server.staleness=50_lr=0.00392157.svg'
set title 'staleness=50 lr=0.00392157' noenhanced
plot 'plots/p11-server.staleness=50_lr=0.00392157-staleness.dat' using 1:2 with boxes
