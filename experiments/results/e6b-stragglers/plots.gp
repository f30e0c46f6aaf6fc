# Written by taups-sweep for /work/main/experiments/e6b-stragglers.ini; redraw with: cd experiments/results/e6b-stragglers && gnuplot plots.gp
# Each curve is a configuration's median over its successful seeds, its band their interquartile range.
set macros
pngterm = (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) ? 'pngcairo' : 'png'
set grid
set key outside below left Left reverse maxcols 2 height 1 noenhanced
set logscale y
set format y '%.0e'

set terminal @pngterm size 900,720
set output 'metric_vs_time-1.png'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p01-workers=2_worker.delay=const_10-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-workers=2_worker.delay=const_10-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'workers=2 delay=const:10' noenhanced, \
     'plots/p02-workers=2_worker.delay=lognormal_10_0.1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-workers=2_worker.delay=lognormal_10_0.1-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'workers=2 delay=lognormal:10:0.1' noenhanced, \
     'plots/p03-workers=2_worker.delay=lognormal_10_0.2-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-workers=2_worker.delay=lognormal_10_0.2-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'workers=2 delay=lognormal:10:0.2' noenhanced, \
     'plots/p04-workers=2_worker.delay=lognormal_10_0.5-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-workers=2_worker.delay=lognormal_10_0.5-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'workers=2 delay=lognormal:10:0.5' noenhanced, \
     'plots/p05-workers=2_worker.delay=lognormal_10_1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-workers=2_worker.delay=lognormal_10_1-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'workers=2 delay=lognormal:10:1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-1.svg'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p01-workers=2_worker.delay=const_10-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-workers=2_worker.delay=const_10-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'workers=2 delay=const:10' noenhanced, \
     'plots/p02-workers=2_worker.delay=lognormal_10_0.1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-workers=2_worker.delay=lognormal_10_0.1-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'workers=2 delay=lognormal:10:0.1' noenhanced, \
     'plots/p03-workers=2_worker.delay=lognormal_10_0.2-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-workers=2_worker.delay=lognormal_10_0.2-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'workers=2 delay=lognormal:10:0.2' noenhanced, \
     'plots/p04-workers=2_worker.delay=lognormal_10_0.5-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-workers=2_worker.delay=lognormal_10_0.5-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'workers=2 delay=lognormal:10:0.5' noenhanced, \
     'plots/p05-workers=2_worker.delay=lognormal_10_1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-workers=2_worker.delay=lognormal_10_1-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'workers=2 delay=lognormal:10:1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-2.png'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p06-workers=4_worker.delay=const_10-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p06-workers=4_worker.delay=const_10-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'workers=4 delay=const:10' noenhanced, \
     'plots/p07-workers=4_worker.delay=lognormal_10_0.1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p07-workers=4_worker.delay=lognormal_10_0.1-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'workers=4 delay=lognormal:10:0.1' noenhanced, \
     'plots/p08-workers=4_worker.delay=lognormal_10_0.2-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p08-workers=4_worker.delay=lognormal_10_0.2-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'workers=4 delay=lognormal:10:0.2' noenhanced, \
     'plots/p09-workers=4_worker.delay=lognormal_10_0.5-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p09-workers=4_worker.delay=lognormal_10_0.5-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'workers=4 delay=lognormal:10:0.5' noenhanced, \
     'plots/p10-workers=4_worker.delay=lognormal_10_1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p10-workers=4_worker.delay=lognormal_10_1-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'workers=4 delay=lognormal:10:1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-2.svg'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p06-workers=4_worker.delay=const_10-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p06-workers=4_worker.delay=const_10-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'workers=4 delay=const:10' noenhanced, \
     'plots/p07-workers=4_worker.delay=lognormal_10_0.1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p07-workers=4_worker.delay=lognormal_10_0.1-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'workers=4 delay=lognormal:10:0.1' noenhanced, \
     'plots/p08-workers=4_worker.delay=lognormal_10_0.2-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p08-workers=4_worker.delay=lognormal_10_0.2-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'workers=4 delay=lognormal:10:0.2' noenhanced, \
     'plots/p09-workers=4_worker.delay=lognormal_10_0.5-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p09-workers=4_worker.delay=lognormal_10_0.5-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'workers=4 delay=lognormal:10:0.5' noenhanced, \
     'plots/p10-workers=4_worker.delay=lognormal_10_1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p10-workers=4_worker.delay=lognormal_10_1-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'workers=4 delay=lognormal:10:1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-3.png'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p11-workers=8_worker.delay=const_10-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p11-workers=8_worker.delay=const_10-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'workers=8 delay=const:10' noenhanced, \
     'plots/p12-workers=8_worker.delay=lognormal_10_0.1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p12-workers=8_worker.delay=lognormal_10_0.1-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'workers=8 delay=lognormal:10:0.1' noenhanced, \
     'plots/p13-workers=8_worker.delay=lognormal_10_0.2-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p13-workers=8_worker.delay=lognormal_10_0.2-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'workers=8 delay=lognormal:10:0.2' noenhanced, \
     'plots/p14-workers=8_worker.delay=lognormal_10_0.5-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p14-workers=8_worker.delay=lognormal_10_0.5-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'workers=8 delay=lognormal:10:0.5' noenhanced, \
     'plots/p15-workers=8_worker.delay=lognormal_10_1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p15-workers=8_worker.delay=lognormal_10_1-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'workers=8 delay=lognormal:10:1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-3.svg'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p11-workers=8_worker.delay=const_10-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p11-workers=8_worker.delay=const_10-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'workers=8 delay=const:10' noenhanced, \
     'plots/p12-workers=8_worker.delay=lognormal_10_0.1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p12-workers=8_worker.delay=lognormal_10_0.1-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'workers=8 delay=lognormal:10:0.1' noenhanced, \
     'plots/p13-workers=8_worker.delay=lognormal_10_0.2-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p13-workers=8_worker.delay=lognormal_10_0.2-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'workers=8 delay=lognormal:10:0.2' noenhanced, \
     'plots/p14-workers=8_worker.delay=lognormal_10_0.5-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p14-workers=8_worker.delay=lognormal_10_0.5-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'workers=8 delay=lognormal:10:0.5' noenhanced, \
     'plots/p15-workers=8_worker.delay=lognormal_10_1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p15-workers=8_worker.delay=lognormal_10_1-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'workers=8 delay=lognormal:10:1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-4.png'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p16-workers=16_worker.delay=const_10-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p16-workers=16_worker.delay=const_10-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'workers=16 delay=const:10' noenhanced, \
     'plots/p17-workers=16_worker.delay=lognormal_10_0.1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p17-workers=16_worker.delay=lognormal_10_0.1-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'workers=16 delay=lognormal:10:0.1' noenhanced, \
     'plots/p18-workers=16_worker.delay=lognormal_10_0.2-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p18-workers=16_worker.delay=lognormal_10_0.2-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'workers=16 delay=lognormal:10:0.2' noenhanced, \
     'plots/p19-workers=16_worker.delay=lognormal_10_0.5-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p19-workers=16_worker.delay=lognormal_10_0.5-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'workers=16 delay=lognormal:10:0.5' noenhanced, \
     'plots/p20-workers=16_worker.delay=lognormal_10_1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p20-workers=16_worker.delay=lognormal_10_1-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'workers=16 delay=lognormal:10:1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-4.svg'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p16-workers=16_worker.delay=const_10-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p16-workers=16_worker.delay=const_10-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'workers=16 delay=const:10' noenhanced, \
     'plots/p17-workers=16_worker.delay=lognormal_10_0.1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p17-workers=16_worker.delay=lognormal_10_0.1-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'workers=16 delay=lognormal:10:0.1' noenhanced, \
     'plots/p18-workers=16_worker.delay=lognormal_10_0.2-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p18-workers=16_worker.delay=lognormal_10_0.2-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'workers=16 delay=lognormal:10:0.2' noenhanced, \
     'plots/p19-workers=16_worker.delay=lognormal_10_0.5-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p19-workers=16_worker.delay=lognormal_10_0.5-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'workers=16 delay=lognormal:10:0.5' noenhanced, \
     'plots/p20-workers=16_worker.delay=lognormal_10_1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p20-workers=16_worker.delay=lognormal_10_1-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'workers=16 delay=lognormal:10:1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-1.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p01-workers=2_worker.delay=const_10-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-workers=2_worker.delay=const_10-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'workers=2 delay=const:10' noenhanced, \
     'plots/p02-workers=2_worker.delay=lognormal_10_0.1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-workers=2_worker.delay=lognormal_10_0.1-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'workers=2 delay=lognormal:10:0.1' noenhanced, \
     'plots/p03-workers=2_worker.delay=lognormal_10_0.2-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-workers=2_worker.delay=lognormal_10_0.2-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'workers=2 delay=lognormal:10:0.2' noenhanced, \
     'plots/p04-workers=2_worker.delay=lognormal_10_0.5-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-workers=2_worker.delay=lognormal_10_0.5-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'workers=2 delay=lognormal:10:0.5' noenhanced, \
     'plots/p05-workers=2_worker.delay=lognormal_10_1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-workers=2_worker.delay=lognormal_10_1-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'workers=2 delay=lognormal:10:1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-1.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p01-workers=2_worker.delay=const_10-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-workers=2_worker.delay=const_10-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'workers=2 delay=const:10' noenhanced, \
     'plots/p02-workers=2_worker.delay=lognormal_10_0.1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-workers=2_worker.delay=lognormal_10_0.1-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'workers=2 delay=lognormal:10:0.1' noenhanced, \
     'plots/p03-workers=2_worker.delay=lognormal_10_0.2-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-workers=2_worker.delay=lognormal_10_0.2-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'workers=2 delay=lognormal:10:0.2' noenhanced, \
     'plots/p04-workers=2_worker.delay=lognormal_10_0.5-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-workers=2_worker.delay=lognormal_10_0.5-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'workers=2 delay=lognormal:10:0.5' noenhanced, \
     'plots/p05-workers=2_worker.delay=lognormal_10_1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-workers=2_worker.delay=lognormal_10_1-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'workers=2 delay=lognormal:10:1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-2.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p06-workers=4_worker.delay=const_10-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p06-workers=4_worker.delay=const_10-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'workers=4 delay=const:10' noenhanced, \
     'plots/p07-workers=4_worker.delay=lognormal_10_0.1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p07-workers=4_worker.delay=lognormal_10_0.1-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'workers=4 delay=lognormal:10:0.1' noenhanced, \
     'plots/p08-workers=4_worker.delay=lognormal_10_0.2-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p08-workers=4_worker.delay=lognormal_10_0.2-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'workers=4 delay=lognormal:10:0.2' noenhanced, \
     'plots/p09-workers=4_worker.delay=lognormal_10_0.5-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p09-workers=4_worker.delay=lognormal_10_0.5-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'workers=4 delay=lognormal:10:0.5' noenhanced, \
     'plots/p10-workers=4_worker.delay=lognormal_10_1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p10-workers=4_worker.delay=lognormal_10_1-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'workers=4 delay=lognormal:10:1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-2.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p06-workers=4_worker.delay=const_10-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p06-workers=4_worker.delay=const_10-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'workers=4 delay=const:10' noenhanced, \
     'plots/p07-workers=4_worker.delay=lognormal_10_0.1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p07-workers=4_worker.delay=lognormal_10_0.1-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'workers=4 delay=lognormal:10:0.1' noenhanced, \
     'plots/p08-workers=4_worker.delay=lognormal_10_0.2-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p08-workers=4_worker.delay=lognormal_10_0.2-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'workers=4 delay=lognormal:10:0.2' noenhanced, \
     'plots/p09-workers=4_worker.delay=lognormal_10_0.5-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p09-workers=4_worker.delay=lognormal_10_0.5-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'workers=4 delay=lognormal:10:0.5' noenhanced, \
     'plots/p10-workers=4_worker.delay=lognormal_10_1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p10-workers=4_worker.delay=lognormal_10_1-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'workers=4 delay=lognormal:10:1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-3.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p11-workers=8_worker.delay=const_10-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p11-workers=8_worker.delay=const_10-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'workers=8 delay=const:10' noenhanced, \
     'plots/p12-workers=8_worker.delay=lognormal_10_0.1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p12-workers=8_worker.delay=lognormal_10_0.1-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'workers=8 delay=lognormal:10:0.1' noenhanced, \
     'plots/p13-workers=8_worker.delay=lognormal_10_0.2-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p13-workers=8_worker.delay=lognormal_10_0.2-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'workers=8 delay=lognormal:10:0.2' noenhanced, \
     'plots/p14-workers=8_worker.delay=lognormal_10_0.5-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p14-workers=8_worker.delay=lognormal_10_0.5-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'workers=8 delay=lognormal:10:0.5' noenhanced, \
     'plots/p15-workers=8_worker.delay=lognormal_10_1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p15-workers=8_worker.delay=lognormal_10_1-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'workers=8 delay=lognormal:10:1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-3.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p11-workers=8_worker.delay=const_10-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p11-workers=8_worker.delay=const_10-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'workers=8 delay=const:10' noenhanced, \
     'plots/p12-workers=8_worker.delay=lognormal_10_0.1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p12-workers=8_worker.delay=lognormal_10_0.1-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'workers=8 delay=lognormal:10:0.1' noenhanced, \
     'plots/p13-workers=8_worker.delay=lognormal_10_0.2-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p13-workers=8_worker.delay=lognormal_10_0.2-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'workers=8 delay=lognormal:10:0.2' noenhanced, \
     'plots/p14-workers=8_worker.delay=lognormal_10_0.5-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p14-workers=8_worker.delay=lognormal_10_0.5-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'workers=8 delay=lognormal:10:0.5' noenhanced, \
     'plots/p15-workers=8_worker.delay=lognormal_10_1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p15-workers=8_worker.delay=lognormal_10_1-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'workers=8 delay=lognormal:10:1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-4.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p16-workers=16_worker.delay=const_10-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p16-workers=16_worker.delay=const_10-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'workers=16 delay=const:10' noenhanced, \
     'plots/p17-workers=16_worker.delay=lognormal_10_0.1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p17-workers=16_worker.delay=lognormal_10_0.1-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'workers=16 delay=lognormal:10:0.1' noenhanced, \
     'plots/p18-workers=16_worker.delay=lognormal_10_0.2-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p18-workers=16_worker.delay=lognormal_10_0.2-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'workers=16 delay=lognormal:10:0.2' noenhanced, \
     'plots/p19-workers=16_worker.delay=lognormal_10_0.5-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p19-workers=16_worker.delay=lognormal_10_0.5-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'workers=16 delay=lognormal:10:0.5' noenhanced, \
     'plots/p20-workers=16_worker.delay=lognormal_10_1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p20-workers=16_worker.delay=lognormal_10_1-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'workers=16 delay=lognormal:10:1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-4.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p16-workers=16_worker.delay=const_10-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p16-workers=16_worker.delay=const_10-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'workers=16 delay=const:10' noenhanced, \
     'plots/p17-workers=16_worker.delay=lognormal_10_0.1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p17-workers=16_worker.delay=lognormal_10_0.1-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'workers=16 delay=lognormal:10:0.1' noenhanced, \
     'plots/p18-workers=16_worker.delay=lognormal_10_0.2-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p18-workers=16_worker.delay=lognormal_10_0.2-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'workers=16 delay=lognormal:10:0.2' noenhanced, \
     'plots/p19-workers=16_worker.delay=lognormal_10_0.5-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p19-workers=16_worker.delay=lognormal_10_0.5-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'workers=16 delay=lognormal:10:0.5' noenhanced, \
     'plots/p20-workers=16_worker.delay=lognormal_10_1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p20-workers=16_worker.delay=lognormal_10_1-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'workers=16 delay=lognormal:10:1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-1.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p01-workers=2_worker.delay=const_10-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-workers=2_worker.delay=const_10-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'workers=2 delay=const:10' noenhanced, \
     'plots/p02-workers=2_worker.delay=lognormal_10_0.1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-workers=2_worker.delay=lognormal_10_0.1-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'workers=2 delay=lognormal:10:0.1' noenhanced, \
     'plots/p03-workers=2_worker.delay=lognormal_10_0.2-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-workers=2_worker.delay=lognormal_10_0.2-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'workers=2 delay=lognormal:10:0.2' noenhanced, \
     'plots/p04-workers=2_worker.delay=lognormal_10_0.5-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-workers=2_worker.delay=lognormal_10_0.5-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'workers=2 delay=lognormal:10:0.5' noenhanced, \
     'plots/p05-workers=2_worker.delay=lognormal_10_1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-workers=2_worker.delay=lognormal_10_1-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'workers=2 delay=lognormal:10:1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-1.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p01-workers=2_worker.delay=const_10-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-workers=2_worker.delay=const_10-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'workers=2 delay=const:10' noenhanced, \
     'plots/p02-workers=2_worker.delay=lognormal_10_0.1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-workers=2_worker.delay=lognormal_10_0.1-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'workers=2 delay=lognormal:10:0.1' noenhanced, \
     'plots/p03-workers=2_worker.delay=lognormal_10_0.2-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-workers=2_worker.delay=lognormal_10_0.2-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'workers=2 delay=lognormal:10:0.2' noenhanced, \
     'plots/p04-workers=2_worker.delay=lognormal_10_0.5-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-workers=2_worker.delay=lognormal_10_0.5-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'workers=2 delay=lognormal:10:0.5' noenhanced, \
     'plots/p05-workers=2_worker.delay=lognormal_10_1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-workers=2_worker.delay=lognormal_10_1-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'workers=2 delay=lognormal:10:1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-2.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p06-workers=4_worker.delay=const_10-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p06-workers=4_worker.delay=const_10-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'workers=4 delay=const:10' noenhanced, \
     'plots/p07-workers=4_worker.delay=lognormal_10_0.1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p07-workers=4_worker.delay=lognormal_10_0.1-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'workers=4 delay=lognormal:10:0.1' noenhanced, \
     'plots/p08-workers=4_worker.delay=lognormal_10_0.2-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p08-workers=4_worker.delay=lognormal_10_0.2-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'workers=4 delay=lognormal:10:0.2' noenhanced, \
     'plots/p09-workers=4_worker.delay=lognormal_10_0.5-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p09-workers=4_worker.delay=lognormal_10_0.5-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'workers=4 delay=lognormal:10:0.5' noenhanced, \
     'plots/p10-workers=4_worker.delay=lognormal_10_1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p10-workers=4_worker.delay=lognormal_10_1-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'workers=4 delay=lognormal:10:1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-2.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p06-workers=4_worker.delay=const_10-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p06-workers=4_worker.delay=const_10-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'workers=4 delay=const:10' noenhanced, \
     'plots/p07-workers=4_worker.delay=lognormal_10_0.1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p07-workers=4_worker.delay=lognormal_10_0.1-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'workers=4 delay=lognormal:10:0.1' noenhanced, \
     'plots/p08-workers=4_worker.delay=lognormal_10_0.2-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p08-workers=4_worker.delay=lognormal_10_0.2-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'workers=4 delay=lognormal:10:0.2' noenhanced, \
     'plots/p09-workers=4_worker.delay=lognormal_10_0.5-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p09-workers=4_worker.delay=lognormal_10_0.5-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'workers=4 delay=lognormal:10:0.5' noenhanced, \
     'plots/p10-workers=4_worker.delay=lognormal_10_1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p10-workers=4_worker.delay=lognormal_10_1-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'workers=4 delay=lognormal:10:1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-3.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p11-workers=8_worker.delay=const_10-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p11-workers=8_worker.delay=const_10-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'workers=8 delay=const:10' noenhanced, \
     'plots/p12-workers=8_worker.delay=lognormal_10_0.1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p12-workers=8_worker.delay=lognormal_10_0.1-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'workers=8 delay=lognormal:10:0.1' noenhanced, \
     'plots/p13-workers=8_worker.delay=lognormal_10_0.2-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p13-workers=8_worker.delay=lognormal_10_0.2-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'workers=8 delay=lognormal:10:0.2' noenhanced, \
     'plots/p14-workers=8_worker.delay=lognormal_10_0.5-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p14-workers=8_worker.delay=lognormal_10_0.5-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'workers=8 delay=lognormal:10:0.5' noenhanced, \
     'plots/p15-workers=8_worker.delay=lognormal_10_1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p15-workers=8_worker.delay=lognormal_10_1-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'workers=8 delay=lognormal:10:1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-3.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p11-workers=8_worker.delay=const_10-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p11-workers=8_worker.delay=const_10-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'workers=8 delay=const:10' noenhanced, \
     'plots/p12-workers=8_worker.delay=lognormal_10_0.1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p12-workers=8_worker.delay=lognormal_10_0.1-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'workers=8 delay=lognormal:10:0.1' noenhanced, \
     'plots/p13-workers=8_worker.delay=lognormal_10_0.2-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p13-workers=8_worker.delay=lognormal_10_0.2-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'workers=8 delay=lognormal:10:0.2' noenhanced, \
     'plots/p14-workers=8_worker.delay=lognormal_10_0.5-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p14-workers=8_worker.delay=lognormal_10_0.5-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'workers=8 delay=lognormal:10:0.5' noenhanced, \
     'plots/p15-workers=8_worker.delay=lognormal_10_1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p15-workers=8_worker.delay=lognormal_10_1-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'workers=8 delay=lognormal:10:1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-4.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p16-workers=16_worker.delay=const_10-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p16-workers=16_worker.delay=const_10-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'workers=16 delay=const:10' noenhanced, \
     'plots/p17-workers=16_worker.delay=lognormal_10_0.1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p17-workers=16_worker.delay=lognormal_10_0.1-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'workers=16 delay=lognormal:10:0.1' noenhanced, \
     'plots/p18-workers=16_worker.delay=lognormal_10_0.2-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p18-workers=16_worker.delay=lognormal_10_0.2-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'workers=16 delay=lognormal:10:0.2' noenhanced, \
     'plots/p19-workers=16_worker.delay=lognormal_10_0.5-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p19-workers=16_worker.delay=lognormal_10_0.5-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'workers=16 delay=lognormal:10:0.5' noenhanced, \
     'plots/p20-workers=16_worker.delay=lognormal_10_1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p20-workers=16_worker.delay=lognormal_10_1-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'workers=16 delay=lognormal:10:1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-4.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p16-workers=16_worker.delay=const_10-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p16-workers=16_worker.delay=const_10-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'workers=16 delay=const:10' noenhanced, \
     'plots/p17-workers=16_worker.delay=lognormal_10_0.1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p17-workers=16_worker.delay=lognormal_10_0.1-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'workers=16 delay=lognormal:10:0.1' noenhanced, \
     'plots/p18-workers=16_worker.delay=lognormal_10_0.2-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p18-workers=16_worker.delay=lognormal_10_0.2-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'workers=16 delay=lognormal:10:0.2' noenhanced, \
     'plots/p19-workers=16_worker.delay=lognormal_10_0.5-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p19-workers=16_worker.delay=lognormal_10_0.5-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'workers=16 delay=lognormal:10:0.5' noenhanced, \
     'plots/p20-workers=16_worker.delay=lognormal_10_1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p20-workers=16_worker.delay=lognormal_10_1-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'workers=16 delay=lognormal:10:1' noenhanced

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
set output 'staleness-p01-workers=2_worker.delay=const_10.png'
set title 'workers=2 delay=const:10' noenhanced
plot 'plots/p01-workers=2_worker.delay=const_10-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p01-workers=2_worker.delay=const_10.svg'
set title 'workers=2 delay=const:10' noenhanced
plot 'plots/p01-workers=2_worker.delay=const_10-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p02-workers=2_worker.delay=lognormal_10_0.1.png'
set title 'workers=2 delay=lognormal:10:0.1' noenhanced
plot 'plots/p02-workers=2_worker.delay=lognormal_10_0.1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p02-workers=2_worker.delay=lognormal_10_0.1.svg'
set title 'workers=2 delay=lognormal:10:0.1' noenhanced
plot 'plots/p02-workers=2_worker.delay=lognormal_10_0.1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p03-workers=2_worker.delay=lognormal_10_0.2.png'
set title 'workers=2 delay=lognormal:10:0.2' noenhanced
plot 'plots/p03-workers=2_worker.delay=lognormal_10_0.2-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p03-workers=2_worker.delay=lognormal_10_0.2.svg'
set title 'workers=2 delay=lognormal:10:0.2' noenhanced
plot 'plots/p03-workers=2_worker.delay=lognormal_10_0.2-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p04-workers=2_worker.delay=lognormal_10_0.5.png'
set title 'workers=2 delay=lognormal:10:0.5' noenhanced
plot 'plots/p04-workers=2_worker.delay=lognormal_10_0.5-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p04-workers=2_worker.delay=lognormal_10_0.5.svg'
set title 'workers=2 delay=lognormal:10:0.5' noenhanced
plot 'plots/p04-workers=2_worker.delay=lognormal_10_0.5-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p05-workers=2_worker.delay=lognormal_10_1.png'
set title 'workers=2 delay=lognormal:10:1' noenhanced
plot 'plots/p05-workers=2_worker.delay=lognormal_10_1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p05-workers=2_worker.delay=lognormal_10_1.svg'
set title 'workers=2 delay=lognormal:10:1' noenhanced
plot 'plots/p05-workers=2_worker.delay=lognormal_10_1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p06-workers=4_worker.delay=const_10.png'
set title 'workers=4 delay=const:10' noenhanced
plot 'plots/p06-workers=4_worker.delay=const_10-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p06-workers=4_worker.delay=const_10.svg'
set title 'workers=4 delay=const:10' noenhanced
plot 'plots/p06-workers=4_worker.delay=const_10-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p07-workers=4_worker.delay=lognormal_10_0.1.png'
set title 'workers=4 delay=lognormal:10:0.1' noenhanced
plot 'plots/p07-workers=4_worker.delay=lognormal_10_0.1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p07-workers=4_worker.delay=lognormal_10_0.1.svg'
set title 'workers=4 delay=lognormal:10:0.1' noenhanced
plot 'plots/p07-workers=4_worker.delay=lognormal_10_0.1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p08-workers=4_worker.delay=lognormal_10_0.2.png'
set title 'workers=4 delay=lognormal:10:0.2' noenhanced
plot 'plots/p08-workers=4_worker.delay=lognormal_10_0.2-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p08-workers=4_worker.delay=lognormal_10_0.2.svg'
set title 'workers=4 delay=lognormal:10:0.2' noenhanced
plot 'plots/p08-workers=4_worker.delay=lognormal_10_0.2-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p09-workers=4_worker.delay=lognormal_10_0.5.png'
set title 'workers=4 delay=lognormal:10:0.5' noenhanced
plot 'plots/p09-workers=4_worker.delay=lognormal_10_0.5-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p09-workers=4_worker.delay=lognormal_10_0.5.svg'
set title 'workers=4 delay=lognormal:10:0.5' noenhanced
plot 'plots/p09-workers=4_worker.delay=lognormal_10_0.5-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p10-workers=4_worker.delay=lognormal_10_1.png'
set title 'workers=4 delay=lognormal:10:1' noenhanced
plot 'plots/p10-workers=4_worker.delay=lognormal_10_1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p10-workers=4_worker.delay=lognormal_10_1.svg'
set title 'workers=4 delay=lognormal:10:1' noenhanced
plot 'plots/p10-workers=4_worker.delay=lognormal_10_1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p11-workers=8_worker.delay=const_10.png'
set title 'workers=8 delay=const:10' noenhanced
plot 'plots/p11-workers=8_worker.delay=const_10-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p11-workers=8_worker.delay=const_10.svg'
set title 'workers=8 delay=const:10' noenhanced
plot 'plots/p11-workers=8_worker.delay=const_10-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p12-workers=8_worker.delay=lognormal_10_0.1.png'
set title 'workers=8 delay=lognormal:10:0.1' noenhanced
plot 'plots/p12-workers=8_worker.delay=lognormal_10_0.1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p12-workers=8_worker.delay=lognormal_10_0.1.svg'
set title 'workers=8 delay=lognormal:10:0.1' noenhanced
plot 'plots/p12-workers=8_worker.delay=lognormal_10_0.1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p13-workers=8_worker.delay=lognormal_10_0.2.png'
set title 'workers=8 delay=lognormal:10:0.2' noenhanced
plot 'plots/p13-workers=8_worker.delay=lognormal_10_0.2-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p13-workers=8_worker.delay=lognormal_10_0.2.svg'
set title 'workers=8 delay=lognormal:10:0.2' noenhanced
plot 'plots/p13-workers=8_worker.delay=lognormal_10_0.2-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p14-workers=8_worker.delay=lognormal_10_0.5.png'
set title 'workers=8 delay=lognormal:10:0.5' noenhanced
plot 'plots/p14-workers=8_worker.delay=lognormal_10_0.5-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p14-workers=8_worker.delay=lognormal_10_0.5.svg'
set title 'workers=8 delay=lognormal:10:0.5' noenhanced
plot 'plots/p14-workers=8_worker.delay=lognormal_10_0.5-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p15-workers=8_worker.delay=lognormal_10_1.png'
set title 'workers=8 delay=lognormal:10:1' noenhanced
plot 'plots/p15-workers=8_worker.delay=lognormal_10_1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p15-workers=8_worker.delay=lognormal_10_1.svg'
set title 'workers=8 delay=lognormal:10:1' noenhanced
plot 'plots/p15-workers=8_worker.delay=lognormal_10_1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p16-workers=16_worker.delay=const_10.png'
set title 'workers=16 delay=const:10' noenhanced
plot 'plots/p16-workers=16_worker.delay=const_10-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p16-workers=16_worker.delay=const_10.svg'
set title 'workers=16 delay=const:10' noenhanced
plot 'plots/p16-workers=16_worker.delay=const_10-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p17-workers=16_worker.delay=lognormal_10_0.1.png'
set title 'workers=16 delay=lognormal:10:0.1' noenhanced
plot 'plots/p17-workers=16_worker.delay=lognormal_10_0.1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p17-workers=16_worker.delay=lognormal_10_0.1.svg'
set title 'workers=16 delay=lognormal:10:0.1' noenhanced
plot 'plots/p17-workers=16_worker.delay=lognormal_10_0.1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p18-workers=16_worker.delay=lognormal_10_0.2.png'
set title 'workers=16 delay=lognormal:10:0.2' noenhanced
plot 'plots/p18-workers=16_worker.delay=lognormal_10_0.2-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p18-workers=16_worker.delay=lognormal_10_0.2.svg'
set title 'workers=16 delay=lognormal:10:0.2' noenhanced
plot 'plots/p18-workers=16_worker.delay=lognormal_10_0.2-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p19-workers=16_worker.delay=lognormal_10_0.5.png'
set title 'workers=16 delay=lognormal:10:0.5' noenhanced
plot 'plots/p19-workers=16_worker.delay=lognormal_10_0.5-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p19-workers=16_worker.delay=lognormal_10_0.5.svg'
set title 'workers=16 delay=lognormal:10:0.5' noenhanced
plot 'plots/p19-workers=16_worker.delay=lognormal_10_0.5-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p20-workers=16_worker.delay=lognormal_10_1.png'
set title 'workers=16 delay=lognormal:10:1' noenhanced
plot 'plots/p20-workers=16_worker.delay=lognormal_10_1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p20-workers=16_worker.delay=lognormal_10_1.svg'
set title 'workers=16 delay=lognormal:10:1' noenhanced
plot 'plots/p20-workers=16_worker.delay=lognormal_10_1-staleness.dat' using 1:2 with boxes
