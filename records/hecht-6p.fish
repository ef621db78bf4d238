# Hecht im Karpfenteich, 6 players, default chips (generated: random legal play, seed 606)
fishtable 1
game hecht
players 6
start 6
# round 1
action snail
end
graze
action carp
end
action wave
end
action wave
end
action pike
end
action wave
end
action carp
end
action snail
end
action snail
graze
graze
end
action pike
emigrate
end
action wave
end
action carp 5
eat sated
end
action skip
eat
action wave
eat
end
action skip
eat
action wave
end
action skip
action snail
graze
end
action wave
end
action wave
end
action wave
end
action carp
end
action snail
graze
end
action pike 1+5
end
action wave
end
action pike
end
action carp 5
eat
eat
end
action skip
eat
action carp
eat
end
eat
emigrate
action wave
end
action pike
end
action skip
action pike 2+5
end
action snail
end
graze
action wave
end
action skip
# round 2
action pike 2+4 3+4
end
action snail
graze
end
action wave
end
action wave
end
action pike
end
action pike
end
action wave
emigrate
end
action carp
end
action carp
end
action carp
end
action skip
action snail
graze
emigrate
end
action snail
graze
end
action pike
end
action pike
end
action skip
action carp 4
end
eat
eat sated
action wave
end
eat sated
action carp
end
eat
action wave
end
action wave
end
action pike
end
# over: scores 3 4 3 4 4 2, winner 5
