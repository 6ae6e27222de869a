namespace DocStore.Sql.Ast;

/// <summary>
/// The base of every syntax tree node. Nodes are immutable records; lists are immutable arrays, so
/// two trees compare equal only node by node, not list by list (compare printed forms instead).
/// </summary>
/// <param name="Span">Where the node's text lies in the SQL string.</param>
internal abstract record SqlNode(SourceSpan Span);

/// <summary>A name as written: a table, alias, index, function or path segment. Resolution comes later.</summary>
/// <param name="Text">The name, unescaped (a quoted name without its quotes, <c>""</c> read as <c>"</c>).</param>
/// <param name="Quoted">True for a <c>"quoted"</c> name, which is meant exactly as written.</param>
/// <param name="Span">The name's text, quotes included.</param>
internal sealed record SqlName(string Text, bool Quoted, SourceSpan Span) : SqlNode(Span);
