# Written by taups-sweep for /work/wt-h1/experiments/e4-local-accum.ini; redraw with: cd experiments/results/e4-local-accum && gnuplot plots.gp
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
plot 'plots/p01-hetero=0_worker.accumulate=1_iterations=3072-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-hetero=0_worker.accumulate=1_iterations=3072-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0 accumulate=1 iterations=3072 lr=1' noenhanced, \
     'plots/p02-hetero=0_worker.accumulate=2_iterations=6144-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-hetero=0_worker.accumulate=2_iterations=6144-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0 accumulate=2 iterations=6144 lr=2' noenhanced, \
     'plots/p03-hetero=0_worker.accumulate=4_iterations=12288-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-hetero=0_worker.accumulate=4_iterations=12288-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0 accumulate=4 iterations=12288 lr=2' noenhanced, \
     'plots/p04-hetero=0_worker.accumulate=8_iterations=24576-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-hetero=0_worker.accumulate=8_iterations=24576-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0 accumulate=8 iterations=24576 lr=2' noenhanced, \
     'plots/p05-hetero=0_worker.accumulate=16_iterations=49152-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-hetero=0_worker.accumulate=16_iterations=49152-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'hetero=0 accumulate=16 iterations=49152 lr=2' noenhanced, \
     'plots/p06-hetero=0_worker.accumulate=32_iterations=98304-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p06-hetero=0_worker.accumulate=32_iterations=98304-time.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'hetero=0 accumulate=32 iterations=98304 lr=2' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-1.svg'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-hetero=0_worker.accumulate=1_iterations=3072-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-hetero=0_worker.accumulate=1_iterations=3072-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0 accumulate=1 iterations=3072 lr=1' noenhanced, \
     'plots/p02-hetero=0_worker.accumulate=2_iterations=6144-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-hetero=0_worker.accumulate=2_iterations=6144-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0 accumulate=2 iterations=6144 lr=2' noenhanced, \
     'plots/p03-hetero=0_worker.accumulate=4_iterations=12288-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-hetero=0_worker.accumulate=4_iterations=12288-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0 accumulate=4 iterations=12288 lr=2' noenhanced, \
     'plots/p04-hetero=0_worker.accumulate=8_iterations=24576-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-hetero=0_worker.accumulate=8_iterations=24576-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0 accumulate=8 iterations=24576 lr=2' noenhanced, \
     'plots/p05-hetero=0_worker.accumulate=16_iterations=49152-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-hetero=0_worker.accumulate=16_iterations=49152-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'hetero=0 accumulate=16 iterations=49152 lr=2' noenhanced, \
     'plots/p06-hetero=0_worker.accumulate=32_iterations=98304-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p06-hetero=0_worker.accumulate=32_iterations=98304-time.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'hetero=0 accumulate=32 iterations=98304 lr=2' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-2.png'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p07-hetero=0.1_worker.accumulate=1_iterations=3072-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p07-hetero=0.1_worker.accumulate=1_iterations=3072-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0.1 accumulate=1 iterations=3072 lr=1' noenhanced, \
     'plots/p08-hetero=0.1_worker.accumulate=2_iterations=6144-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p08-hetero=0.1_worker.accumulate=2_iterations=6144-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0.1 accumulate=2 iterations=6144 lr=2' noenhanced, \
     'plots/p09-hetero=0.1_worker.accumulate=4_iterations=12288-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p09-hetero=0.1_worker.accumulate=4_iterations=12288-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0.1 accumulate=4 iterations=12288 lr=2' noenhanced, \
     'plots/p10-hetero=0.1_worker.accumulate=8_iterations=24576-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p10-hetero=0.1_worker.accumulate=8_iterations=24576-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0.1 accumulate=8 iterations=24576 lr=2' noenhanced, \
     'plots/p11-hetero=0.1_worker.accumulate=16_iterations=49152-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p11-hetero=0.1_worker.accumulate=16_iterations=49152-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'hetero=0.1 accumulate=16 iterations=49152 lr=2' noenhanced, \
     'plots/p12-hetero=0.1_worker.accumulate=32_iterations=98304-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p12-hetero=0.1_worker.accumulate=32_iterations=98304-time.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'hetero=0.1 accumulate=32 iterations=98304 lr=2' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-2.svg'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p07-hetero=0.1_worker.accumulate=1_iterations=3072-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p07-hetero=0.1_worker.accumulate=1_iterations=3072-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0.1 accumulate=1 iterations=3072 lr=1' noenhanced, \
     'plots/p08-hetero=0.1_worker.accumulate=2_iterations=6144-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p08-hetero=0.1_worker.accumulate=2_iterations=6144-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0.1 accumulate=2 iterations=6144 lr=2' noenhanced, \
     'plots/p09-hetero=0.1_worker.accumulate=4_iterations=12288-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p09-hetero=0.1_worker.accumulate=4_iterations=12288-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0.1 accumulate=4 iterations=12288 lr=2' noenhanced, \
     'plots/p10-hetero=0.1_worker.accumulate=8_iterations=24576-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p10-hetero=0.1_worker.accumulate=8_iterations=24576-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0.1 accumulate=8 iterations=24576 lr=2' noenhanced, \
     'plots/p11-hetero=0.1_worker.accumulate=16_iterations=49152-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p11-hetero=0.1_worker.accumulate=16_iterations=49152-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'hetero=0.1 accumulate=16 iterations=49152 lr=2' noenhanced, \
     'plots/p12-hetero=0.1_worker.accumulate=32_iterations=98304-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p12-hetero=0.1_worker.accumulate=32_iterations=98304-time.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'hetero=0.1 accumulate=32 iterations=98304 lr=2' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-1.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-hetero=0_worker.accumulate=1_iterations=3072-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-hetero=0_worker.accumulate=1_iterations=3072-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0 accumulate=1 iterations=3072 lr=1' noenhanced, \
     'plots/p02-hetero=0_worker.accumulate=2_iterations=6144-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-hetero=0_worker.accumulate=2_iterations=6144-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0 accumulate=2 iterations=6144 lr=2' noenhanced, \
     'plots/p03-hetero=0_worker.accumulate=4_iterations=12288-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-hetero=0_worker.accumulate=4_iterations=12288-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0 accumulate=4 iterations=12288 lr=2' noenhanced, \
     'plots/p04-hetero=0_worker.accumulate=8_iterations=24576-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-hetero=0_worker.accumulate=8_iterations=24576-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0 accumulate=8 iterations=24576 lr=2' noenhanced, \
     'plots/p05-hetero=0_worker.accumulate=16_iterations=49152-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-hetero=0_worker.accumulate=16_iterations=49152-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'hetero=0 accumulate=16 iterations=49152 lr=2' noenhanced, \
     'plots/p06-hetero=0_worker.accumulate=32_iterations=98304-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p06-hetero=0_worker.accumulate=32_iterations=98304-updates.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'hetero=0 accumulate=32 iterations=98304 lr=2' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-1.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-hetero=0_worker.accumulate=1_iterations=3072-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-hetero=0_worker.accumulate=1_iterations=3072-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0 accumulate=1 iterations=3072 lr=1' noenhanced, \
     'plots/p02-hetero=0_worker.accumulate=2_iterations=6144-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-hetero=0_worker.accumulate=2_iterations=6144-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0 accumulate=2 iterations=6144 lr=2' noenhanced, \
     'plots/p03-hetero=0_worker.accumulate=4_iterations=12288-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-hetero=0_worker.accumulate=4_iterations=12288-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0 accumulate=4 iterations=12288 lr=2' noenhanced, \
     'plots/p04-hetero=0_worker.accumulate=8_iterations=24576-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-hetero=0_worker.accumulate=8_iterations=24576-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0 accumulate=8 iterations=24576 lr=2' noenhanced, \
     'plots/p05-hetero=0_worker.accumulate=16_iterations=49152-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-hetero=0_worker.accumulate=16_iterations=49152-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'hetero=0 accumulate=16 iterations=49152 lr=2' noenhanced, \
     'plots/p06-hetero=0_worker.accumulate=32_iterations=98304-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p06-hetero=0_worker.accumulate=32_iterations=98304-updates.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'hetero=0 accumulate=32 iterations=98304 lr=2' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-2.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p07-hetero=0.1_worker.accumulate=1_iterations=3072-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p07-hetero=0.1_worker.accumulate=1_iterations=3072-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0.1 accumulate=1 iterations=3072 lr=1' noenhanced, \
     'plots/p08-hetero=0.1_worker.accumulate=2_iterations=6144-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p08-hetero=0.1_worker.accumulate=2_iterations=6144-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0.1 accumulate=2 iterations=6144 lr=2' noenhanced, \
     'plots/p09-hetero=0.1_worker.accumulate=4_iterations=12288-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p09-hetero=0.1_worker.accumulate=4_iterations=12288-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0.1 accumulate=4 iterations=12288 lr=2' noenhanced, \
     'plots/p10-hetero=0.1_worker.accumulate=8_iterations=24576-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p10-hetero=0.1_worker.accumulate=8_iterations=24576-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0.1 accumulate=8 iterations=24576 lr=2' noenhanced, \
     'plots/p11-hetero=0.1_worker.accumulate=16_iterations=49152-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p11-hetero=0.1_worker.accumulate=16_iterations=49152-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'hetero=0.1 accumulate=16 iterations=49152 lr=2' noenhanced, \
     'plots/p12-hetero=0.1_worker.accumulate=32_iterations=98304-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p12-hetero=0.1_worker.accumulate=32_iterations=98304-updates.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'hetero=0.1 accumulate=32 iterations=98304 lr=2' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-2.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p07-hetero=0.1_worker.accumulate=1_iterations=3072-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p07-hetero=0.1_worker.accumulate=1_iterations=3072-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0.1 accumulate=1 iterations=3072 lr=1' noenhanced, \
     'plots/p08-hetero=0.1_worker.accumulate=2_iterations=6144-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p08-hetero=0.1_worker.accumulate=2_iterations=6144-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0.1 accumulate=2 iterations=6144 lr=2' noenhanced, \
     'plots/p09-hetero=0.1_worker.accumulate=4_iterations=12288-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p09-hetero=0.1_worker.accumulate=4_iterations=12288-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0.1 accumulate=4 iterations=12288 lr=2' noenhanced, \
     'plots/p10-hetero=0.1_worker.accumulate=8_iterations=24576-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p10-hetero=0.1_worker.accumulate=8_iterations=24576-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0.1 accumulate=8 iterations=24576 lr=2' noenhanced, \
     'plots/p11-hetero=0.1_worker.accumulate=16_iterations=49152-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p11-hetero=0.1_worker.accumulate=16_iterations=49152-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'hetero=0.1 accumulate=16 iterations=49152 lr=2' noenhanced, \
     'plots/p12-hetero=0.1_worker.accumulate=32_iterations=98304-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p12-hetero=0.1_worker.accumulate=32_iterations=98304-updates.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'hetero=0.1 accumulate=32 iterations=98304 lr=2' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-1.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-hetero=0_worker.accumulate=1_iterations=3072-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-hetero=0_worker.accumulate=1_iterations=3072-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0 accumulate=1 iterations=3072 lr=1' noenhanced, \
     'plots/p02-hetero=0_worker.accumulate=2_iterations=6144-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-hetero=0_worker.accumulate=2_iterations=6144-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0 accumulate=2 iterations=6144 lr=2' noenhanced, \
     'plots/p03-hetero=0_worker.accumulate=4_iterations=12288-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-hetero=0_worker.accumulate=4_iterations=12288-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0 accumulate=4 iterations=12288 lr=2' noenhanced, \
     'plots/p04-hetero=0_worker.accumulate=8_iterations=24576-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-hetero=0_worker.accumulate=8_iterations=24576-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0 accumulate=8 iterations=24576 lr=2' noenhanced, \
     'plots/p05-hetero=0_worker.accumulate=16_iterations=49152-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-hetero=0_worker.accumulate=16_iterations=49152-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'hetero=0 accumulate=16 iterations=49152 lr=2' noenhanced, \
     'plots/p06-hetero=0_worker.accumulate=32_iterations=98304-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p06-hetero=0_worker.accumulate=32_iterations=98304-bytes.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'hetero=0 accumulate=32 iterations=98304 lr=2' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-1.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-hetero=0_worker.accumulate=1_iterations=3072-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-hetero=0_worker.accumulate=1_iterations=3072-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0 accumulate=1 iterations=3072 lr=1' noenhanced, \
     'plots/p02-hetero=0_worker.accumulate=2_iterations=6144-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-hetero=0_worker.accumulate=2_iterations=6144-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0 accumulate=2 iterations=6144 lr=2' noenhanced, \
     'plots/p03-hetero=0_worker.accumulate=4_iterations=12288-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-hetero=0_worker.accumulate=4_iterations=12288-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0 accumulate=4 iterations=12288 lr=2' noenhanced, \
     'plots/p04-hetero=0_worker.accumulate=8_iterations=24576-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-hetero=0_worker.accumulate=8_iterations=24576-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0 accumulate=8 iterations=24576 lr=2' noenhanced, \
     'plots/p05-hetero=0_worker.accumulate=16_iterations=49152-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-hetero=0_worker.accumulate=16_iterations=49152-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'hetero=0 accumulate=16 iterations=49152 lr=2' noenhanced, \
     'plots/p06-hetero=0_worker.accumulate=32_iterations=98304-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p06-hetero=0_worker.accumulate=32_iterations=98304-bytes.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'hetero=0 accumulate=32 iterations=98304 lr=2' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-2.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p07-hetero=0.1_worker.accumulate=1_iterations=3072-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p07-hetero=0.1_worker.accumulate=1_iterations=3072-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0.1 accumulate=1 iterations=3072 lr=1' noenhanced, \
     'plots/p08-hetero=0.1_worker.accumulate=2_iterations=6144-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p08-hetero=0.1_worker.accumulate=2_iterations=6144-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0.1 accumulate=2 iterations=6144 lr=2' noenhanced, \
     'plots/p09-hetero=0.1_worker.accumulate=4_iterations=12288-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p09-hetero=0.1_worker.accumulate=4_iterations=12288-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0.1 accumulate=4 iterations=12288 lr=2' noenhanced, \
     'plots/p10-hetero=0.1_worker.accumulate=8_iterations=24576-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p10-hetero=0.1_worker.accumulate=8_iterations=24576-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0.1 accumulate=8 iterations=24576 lr=2' noenhanced, \
     'plots/p11-hetero=0.1_worker.accumulate=16_iterations=49152-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p11-hetero=0.1_worker.accumulate=16_iterations=49152-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'hetero=0.1 accumulate=16 iterations=49152 lr=2' noenhanced, \
     'plots/p12-hetero=0.1_worker.accumulate=32_iterations=98304-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p12-hetero=0.1_worker.accumulate=32_iterations=98304-bytes.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'hetero=0.1 accumulate=32 iterations=98304 lr=2' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-2.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p07-hetero=0.1_worker.accumulate=1_iterations=3072-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p07-hetero=0.1_worker.accumulate=1_iterations=3072-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0.1 accumulate=1 iterations=3072 lr=1' noenhanced, \
     'plots/p08-hetero=0.1_worker.accumulate=2_iterations=6144-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p08-hetero=0.1_worker.accumulate=2_iterations=6144-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0.1 accumulate=2 iterations=6144 lr=2' noenhanced, \
     'plots/p09-hetero=0.1_worker.accumulate=4_iterations=12288-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p09-hetero=0.1_worker.accumulate=4_iterations=12288-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0.1 accumulate=4 iterations=12288 lr=2' noenhanced, \
     'plots/p10-hetero=0.1_worker.accumulate=8_iterations=24576-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p10-hetero=0.1_worker.accumulate=8_iterations=24576-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0.1 accumulate=8 iterations=24576 lr=2' noenhanced, \
     'plots/p11-hetero=0.1_worker.accumulate=16_iterations=49152-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p11-hetero=0.1_worker.accumulate=16_iterations=49152-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'hetero=0.1 accumulate=16 iterations=49152 lr=2' noenhanced, \
     'plots/p12-hetero=0.1_worker.accumulate=32_iterations=98304-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p12-hetero=0.1_worker.accumulate=32_iterations=98304-bytes.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'hetero=0.1 accumulate=32 iterations=98304 lr=2' noenhanced

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
set output 'staleness-p01-hetero=0_worker.accumulate=1_iterations=3072.png'
set title 'hetero=0 accumulate=1 iterations=3072 lr=1' noenhanced
plot 'plots/p01-hetero=0_worker.accumulate=1_iterations=3072-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p01-hetero=0_worker.accumulate=1_iterations=3072.svg'
set title 'hetero=0 accumulate=1 iterations=3072 lr=1' noenhanced
plot 'plots/p01-hetero=0_worker.accumulate=1_iterations=3072-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p02-hetero=0_worker.accumulate=2_iterations=6144.png'
set title 'hetero=0 accumulate=2 iterations=6144 lr=2' noenhanced
plot 'plots/p02-hetero=0_worker.accumulate=2_iterations=6144-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p02-hetero=0_worker.accumulate=2_iterations=6144.svg'
set title 'hetero=0 accumulate=2 iterations=6144 lr=2' noenhanced
plot 'plots/p02-hetero=0_worker.accumulate=2_iterations=6144-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p03-hetero=0_worker.accumulate=4_iterations=12288.png'
set title 'hetero=0 accumulate=4 iterations=12288 lr=2' noenhanced
plot 'plots/p03-hetero=0_worker.accumulate=4_iterations=12288-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p03-hetero=0_worker.accumulate=4_iterations=12288.svg'
set title 'hetero=0 accumulate=4 iterations=12288 lr=2' noenhanced
plot 'plots/p03-hetero=0_worker.accumulate=4_iterations=12288-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p04-hetero=0_worker.accumulate=8_iterations=24576.png'
set title 'hetero=0 accumulate=8 iterations=24576 lr=2' noenhanced
plot 'plots/p04-hetero=0_worker.accumulate=8_iterations=24576-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p04-hetero=0_worker.accumulate=8_iterations=24576.svg'
set title 'hetero=0 accumulate=8 iterations=24576 lr=2' noenhanced
plot 'plots/p04-hetero=0_worker.accumulate=8_iterations=24576-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p05-hetero=0_worker.accumulate=16_iterations=49152.png'
set title 'hetero=0 accumulate=16 iterations=49152 lr=2' noenhanced
plot 'plots/p05-hetero=0_worker.accumulate=16_iterations=49152-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p05-hetero=0_worker.accumulate=16_iterations=49152.svg'
set title 'hetero=0 accumulate=16 iterations=49152 lr=2' noenhanced
plot 'plots/p05-hetero=0_worker.accumulate=16_iterations=49152-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p06-hetero=0_worker.accumulate=32_iterations=98304.png'
set title 'hetero=0 accumulate=32 iterations=98304 lr=2' noenhanced
plot 'plots/p06-hetero=0_worker.accumulate=32_iterations=98304-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p06-hetero=0_worker.accumulate=32_iterations=98304.svg'
set title 'hetero=0 accumulate=32 iterations=98304 lr=2' noenhanced
plot 'plots/p06-hetero=0_worker.accumulate=32_iterations=98304-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p07-hetero=0.1_worker.accumulate=1_iterations=3072.png'
set title 'hetero=0.1 accumulate=1 iterations=3072 lr=1' noenhanced
plot 'plots/p07-hetero=0.1_worker.accumulate=1_iterations=3072-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p07-hetero=0.1_worker.accumulate=1_iterations=3072.svg'
set title 'hetero=0.1 accumulate=1 iterations=3072 lr=1' noenhanced
plot 'plots/p07-hetero=0.1_worker.accumulate=1_iterations=3072-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p08-hetero=0.1_worker.accumulate=2_iterations=6144.png'
set title 'hetero=0.1 accumulate=2 iterations=6144 lr=2' noenhanced
plot 'plots/p08-hetero=0.1_worker.accumulate=2_iterations=6144-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p08-hetero=0.1_worker.accumulate=2_iterations=6144.svg'
set title 'hetero=0.1 accumulate=2 iterations=6144 lr=2' noenhanced
plot 'plots/p08-hetero=0.1_worker.accumulate=2_iterations=6144-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p09-hetero=0.1_worker.accumulate=4_iterations=12288.png'
set title 'hetero=0.1 accumulate=4 iterations=12288 lr=2' noenhanced
plot 'plots/p09-hetero=0.1_worker.accumulate=4_iterations=12288-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p09-hetero=0.1_worker.accumulate=4_iterations=12288.svg'
set title 'hetero=0.1 accumulate=4 iterations=12288 lr=2' noenhanced
plot 'plots/p09-hetero=0.1_worker.accumulate=4_iterations=12288-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p10-hetero=0.1_worker.accumulate=8_iterations=24576.png'
set title 'hetero=0.1 accumulate=8 iterations=24576 lr=2' noenhanced
plot 'plots/p10-hetero=0.1_worker.accumulate=8_iterations=24576-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p10-hetero=0.1_worker.accumulate=8_iterations=24576.svg'
set title 'hetero=0.1 accumulate=8 iterations=24576 lr=2' noenhanced
plot 'plots/p10-hetero=0.1_worker.accumulate=8_iterations=24576-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p11-hetero=0.1_worker.accumulate=16_iterations=49152.png'
set title 'hetero=0.1 accumulate=16 iterations=49152 lr=2' noenhanced
plot 'plots/p11-hetero=0.1_worker.accumulate=16_iterations=49152-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p11-hetero=0.1_worker.accumulate=16_iterations=49152.svg'
set title 'hetero=0.1 accumulate=16 iterations=49152 lr=2' noenhanced
plot 'plots/p11-hetero=0.1_worker.accumulate=16_iterations=49152-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p12-hetero=0.1_worker.accumulate=32_iterations=98304.png'
set title 'hetero=0.1 accumulate=32 iterations=98304 lr=2' noenhanced
plot 'plots/p12-hetero=0.1_worker.accumulate=32_iterations=98304-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p12-hetero=0.1_worker.accumulate=32_iterations=98304.svg'
set title 'hetero=0.1 accumulate=32 iterations=98304 lr=2' noenhanced
plot 'plots/p12-hetero=0.1_worker.accumulate=32_iterations=98304-staleness.dat' using 1:2 with boxes
