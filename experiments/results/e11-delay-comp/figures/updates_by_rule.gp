# Written by experiments/figures.py; redraw with: gnuplot updates_by_rule.gp
set macros
pngterm = (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) ? 'pngcairo' : 'png'
set grid
set key outside below left Left reverse maxcols 2 height 1 noenhanced
set terminal @pngterm size 800,600
set output '../updates_by_rule.png'

set xtics (0 'none', 1 'inverse', 2 'drop > 16', 3 'dc:0.1', 4 'dc:1', 5 'dc:10')
set xrange [-0.5:5.5]
set yrange [0:*]
set xlabel 'staleness rule on the shard (each at its tuned lr)'
set ylabel 'updates to the target'
plot 'updates_by_rule.dat' using 1:2:3:4 with yerrorbars pt 7 ps 1.5 lc rgb '#d73027' title 'median and interquartile range, runs that reached it'

set terminal svg size 800,600 dynamic
set output '../updates_by_rule.svg'

set xtics (0 'none', 1 'inverse', 2 'drop > 16', 3 'dc:0.1', 4 'dc:1', 5 'dc:10')
set xrange [-0.5:5.5]
set yrange [0:*]
set xlabel 'staleness rule on the shard (each at its tuned lr)'
set ylabel 'updates to the target'
plot 'updates_by_rule.dat' using 1:2:3:4 with yerrorbars pt 7 ps 1.5 lc rgb '#d73027' title 'median and interquartile range, runs that reached it'

