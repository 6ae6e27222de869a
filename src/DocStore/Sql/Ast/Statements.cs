using System.Collections.Immutable;

namespace DocStore.Sql.Ast;

/// <summary>The base of every statement node.</summary>
/// <param name="Span">The statement's text, without its terminating semicolon.</param>
internal abstract record SqlStatement(SourceSpan Span) : SqlNode(Span);

/// <summary>A query run as a statement.</summary>
/// <param name="Query">The query.</param>
/// <param name="Span">The query's text.</param>
internal sealed record SelectStatement(SelectQuery Query, SourceSpan Span) : SqlStatement(Span);

/// <summary>
/// <c>INSERT INTO c (path, ...) VALUES (...), ...</c>, or, without a column list,
/// <c>INSERT INTO c VALUES (document), ...</c> where each row is one whole document.
/// </summary>
/// <param name="Collection">The target collection.</param>
/// <param name="Columns">The paths each row's values go to; empty when each row is one document.</param>
/// <param name="Rows">The rows; each has one value per column, or exactly one document value.</param>
/// <param name="Span">INSERT through the last row.</param>
/// <param name="Source">The query of <c>INSERT INTO c [(path, ...)] SELECT ...</c>, whose rows are inserted; null with VALUES.</param>
internal sealed record InsertStatement(SqlName Collection, ImmutableArray<PathExpression> Columns, ImmutableArray<InsertRow> Rows, SourceSpan Span, SelectQuery? Source = null)
    : SqlStatement(Span)
{
    /// <summary>What a row that breaks a constraint does: fail the statement, or be left out (<c>OR IGNORE</c>, <c>ON CONFLICT DO NOTHING</c>).</summary>
    public InsertConflict Conflict { get; init; }

    /// <summary>The <c>ON CONFLICT ... DO UPDATE</c> and targeted <c>DO NOTHING</c> clauses, in order (a lone <c>ON CONFLICT DO NOTHING</c> is <see cref="InsertConflict.DoNothing"/>).</summary>
    public ImmutableArray<UpsertClause> Upserts { get; init; } = [];
}

/// <summary>The conflict resolution of an INSERT, as SQLite names it.</summary>
internal enum InsertConflict
{
    /// <summary>The default: a row that breaks a constraint fails the statement, which changes nothing.</summary>
    Abort,

    /// <summary><c>INSERT OR IGNORE</c>: a row that breaks a UNIQUE, PRIMARY KEY or NOT NULL constraint is left out.</summary>
    Ignore,

    /// <summary><c>ON CONFLICT DO NOTHING</c>: a row that breaks a UNIQUE or PRIMARY KEY constraint is left out.</summary>
    DoNothing,

    /// <summary><c>INSERT OR REPLACE</c>, <c>REPLACE INTO</c>: the rows a new row conflicts with on a UNIQUE or PRIMARY KEY constraint are deleted first.</summary>
    Replace,
}

/// <summary>One parenthesized row of VALUES.</summary>
/// <param name="Values">The row's values.</param>
/// <param name="Span">The parentheses and values.</param>
internal sealed record InsertRow(ImmutableArray<SqlExpression> Values, SourceSpan Span) : SqlNode(Span);

/// <summary><c>UPDATE c SET path = expr, ... [WHERE expr]</c>.</summary>
/// <param name="Collection">The target collection.</param>
/// <param name="Assignments">The assignments, at least one.</param>
/// <param name="Where">The filter, or null for every document.</param>
/// <param name="Span">UPDATE through the last clause.</param>
internal sealed record UpdateStatement(SqlName Collection, ImmutableArray<Assignment> Assignments, SqlExpression? Where, SourceSpan Span)
    : SqlStatement(Span);

/// <summary>One <c>path = expr</c> of UPDATE's SET.</summary>
/// <param name="Target">The path assigned.</param>
/// <param name="Value">The new value.</param>
/// <param name="Span">Path through value.</param>
internal sealed record Assignment(PathExpression Target, SqlExpression Value, SourceSpan Span) : SqlNode(Span);

/// <summary><c>DELETE FROM c [WHERE expr]</c>.</summary>
/// <param name="Collection">The target collection.</param>
/// <param name="Where">The filter, or null for every document.</param>
/// <param name="Span">DELETE through the last clause.</param>
internal sealed record DeleteStatement(SqlName Collection, SqlExpression? Where, SourceSpan Span) : SqlStatement(Span);

/// <summary><c>CREATE [UNIQUE] INDEX [IF NOT EXISTS] name ON c (path, ...)</c>.</summary>
/// <param name="Unique">True for a unique index.</param>
/// <param name="Name">The index name.</param>
/// <param name="Collection">The indexed collection.</param>
/// <param name="Paths">The indexed paths, at least one.</param>
/// <param name="Span">CREATE through the closing parenthesis.</param>
/// <param name="IfNotExists">True when an index of that name already on the collection is no error.</param>
internal sealed record CreateIndexStatement(bool Unique, SqlName Name, SqlName Collection, ImmutableArray<PathExpression> Paths, SourceSpan Span, bool IfNotExists = false)
    : SqlStatement(Span);

/// <summary><c>DROP INDEX [IF EXISTS] c.name</c>.</summary>
/// <param name="Collection">The collection the index belongs to.</param>
/// <param name="Name">The index name.</param>
/// <param name="Span">DROP through the index name.</param>
/// <param name="IfExists">True when a missing index (or collection) is no error.</param>
internal sealed record DropIndexStatement(SqlName Collection, SqlName Name, SourceSpan Span, bool IfExists = false) : SqlStatement(Span);

/// <summary><c>BEGIN [TRANSACTION]</c>.</summary>
/// <param name="Span">The statement's text.</param>
internal sealed record BeginStatement(SourceSpan Span) : SqlStatement(Span);

/// <summary><c>COMMIT [TRANSACTION]</c>.</summary>
/// <param name="Span">The statement's text.</param>
internal sealed record CommitStatement(SourceSpan Span) : SqlStatement(Span);

/// <summary><c>ROLLBACK [TRANSACTION]</c>.</summary>
/// <param name="Span">The statement's text.</param>
internal sealed record RollbackStatement(SourceSpan Span) : SqlStatement(Span);

/// <summary><c>EXPLAIN statement</c>: describe the plan instead of running the statement.</summary>
/// <param name="Statement">The explained statement (not itself an EXPLAIN).</param>
/// <param name="Span">EXPLAIN through the statement.</param>
internal sealed record ExplainStatement(SqlStatement Statement, SourceSpan Span) : SqlStatement(Span);

/// <summary><c>CREATE {COLLECTION | TABLE} [IF NOT EXISTS] name [(column definitions)]</c>: an empty untyped collection.</summary>
/// <param name="Name">The collection name.</param>
/// <param name="Span">CREATE through the name or the column list.</param>
/// <param name="IfNotExists">True when an existing collection of that name is no error.</param>
/// <param name="Columns">The declared columns in order; null without a column list.</param>
/// <param name="Unsupported">The first clause of the column list DocStore does not support (a CHECK constraint, say), refused when the statement runs; null when there is none.</param>
internal sealed record CreateCollectionStatement(SqlName Name, SourceSpan Span, bool IfNotExists = false, ImmutableArray<ColumnDefinition>? Columns = null, UnsupportedClause? Unsupported = null)
    : SqlStatement(Span)
{
    /// <summary>The table constraints <c>PRIMARY KEY (...)</c> and <c>UNIQUE (...)</c>, in order.</summary>
    public ImmutableArray<KeyConstraint> Constraints { get; init; } = [];
}

/// <summary>A table constraint over columns: <c>PRIMARY KEY (a, b)</c> or <c>UNIQUE (a, b)</c>.</summary>
/// <param name="PrimaryKey">True for PRIMARY KEY, false for UNIQUE.</param>
/// <param name="Columns">The column names, in order.</param>
/// <param name="Span">The constraint's text.</param>
internal sealed record KeyConstraint(bool PrimaryKey, ImmutableArray<SqlName> Columns, SourceSpan Span) : SqlNode(Span);

/// <summary>One column of <c>CREATE TABLE</c>: <c>name [type] [constraints]</c>.</summary>
/// <param name="Name">The column name.</param>
/// <param name="TypeName">The type name as written (<c>VARCHAR(10)</c>), empty when none.</param>
/// <param name="PrimaryKey">True for <c>PRIMARY KEY</c>.</param>
/// <param name="NotNull">True for <c>NOT NULL</c>.</param>
/// <param name="Default">The <c>DEFAULT</c> expression, or null.</param>
/// <param name="Span">The column's text.</param>
internal sealed record ColumnDefinition(SqlName Name, string TypeName, bool PrimaryKey, bool NotNull, SqlExpression? Default, SourceSpan Span) : SqlNode(Span)
{
    /// <summary>True for a <c>UNIQUE</c> column constraint.</summary>
    public bool Unique { get; init; }

    /// <summary>The collation of a <c>COLLATE</c> constraint as written (<c>NOCASE</c>), or null.</summary>
    public string? Collation { get; init; }
}

/// <summary>A clause the parser read but DocStore does not support, named for the error the statement raises when it runs.</summary>
/// <param name="What">The error's message (<c>CHECK constraints are not supported</c>).</param>
/// <param name="Span">The clause's first token.</param>
internal sealed record UnsupportedClause(string What, SourceSpan Span) : SqlNode(Span);

/// <summary><c>DROP {COLLECTION | TABLE} [IF EXISTS] name</c>.</summary>
/// <param name="Name">The collection name.</param>
/// <param name="Span">DROP through the name.</param>
/// <param name="IfExists">True when a missing collection is no error.</param>
internal sealed record DropCollectionStatement(SqlName Name, SourceSpan Span, bool IfExists = false) : SqlStatement(Span);

/// <summary><c>ALTER {COLLECTION | TABLE} name RENAME TO new_name</c>.</summary>
/// <param name="Name">The collection to rename.</param>
/// <param name="NewName">Its new name.</param>
/// <param name="Span">ALTER through the new name.</param>
internal sealed record RenameCollectionStatement(SqlName Name, SqlName NewName, SourceSpan Span) : SqlStatement(Span);

/// <summary><c>PRAGMA name [= value]</c> or <c>PRAGMA name(value)</c>: a session setting.</summary>
/// <param name="Name">The pragma's name.</param>
/// <param name="Value">The value as written (a word, number or string without its quotes), or null.</param>
/// <param name="Span">PRAGMA through the value.</param>
internal sealed record PragmaStatement(SqlName Name, string? Value, SourceSpan Span) : SqlStatement(Span);
