#!/bin/sh
write_config() {
  cat > "$1" <<EOF2
[section]
value = }
function fake() { :; }
EOF2
}

write_quoted() {
  cat <<'END'
$not_expanded }
END
}

indented() {
	cat <<-TABS
	tab indented }
	TABS
}

for f in *.txt; do
  echo "$f"
done

if [ -f x ]; then
  write_config x
fi
