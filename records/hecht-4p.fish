# Hecht im Karpfenteich, 4 players, default chips (generated: random legal play, seed 407)
fishtable 1
game hecht
players 4
start 1
# round 1
action carp
end
action wave
end
action carp
end
action carp
end
action pike
end
action wave
end
action pike
emigrate
end
action wave
end
emigrate
action snail
graze
end
action pike
end
action skip
action pike
end
action wave
end
action snail
graze
end
action snail
graze
end
action snail
end
action wave
emigrate
end
action carp 3
graze
eat sated
eat
end
action wave
end
action skip
action skip
action skip
action wave
end
action wave
end
# round 2
action snail
graze
end
action snail
end
action carp 2
eat
graze
end
action carp
eat sated
end
action pike
end
action pike 3+4
end
action pike 2+2
end
action wave
end
action wave
end
emigrate
action carp
end
action skip
action pike
end
# over: scores 2 4 3 3, winner 2
