using System.Collections.Immutable;
using DocStore.Sql.Ast;

namespace DocStore.Sql.Syntax;

/// <summary>
/// Names and paths. Keywords are reserved where a name could start a clause or an expression, but
/// after a dot and after AS only a name can follow, so any word is accepted there.
/// </summary>
internal sealed class NameParser
{
    private readonly ParserInput _input;

    /// <summary>Reads names from <paramref name="input"/>.</summary>
    public NameParser(ParserInput input) => _input = input;

    /// <summary>True for a plain or quoted identifier.</summary>
    public static bool IsName(TokenKind kind) => kind is TokenKind.Identifier or TokenKind.QuotedIdentifier;

    /// <summary>A collection, alias or index name where keywords are reserved.</summary>
    public SqlName ExpectName(string expected) => IsName(_input.Current.Kind)
        ? NameOf(_input.Advance())
        : throw _input.Error(WithKeywordHint(expected));

    /// <summary>A name after a dot or AS, where a keyword can only be meant as a name.</summary>
    public SqlName ExpectAnyWord(string expected) => IsName(_input.Current.Kind) || _input.Current.IsKeyword
        ? NameOf(_input.Advance())
        : throw _input.Error(expected);

    /// <summary>The name a consumed identifier (or keyword used as one) stands for; quotes are removed.</summary>
    public SqlName NameOf(SqlToken token)
    {
        var text = token.Text(_input.Sql);
        var span = new SourceSpan(token.Start, token.Length);
        return token.Kind == TokenKind.QuotedIdentifier
            ? new SqlName(text[1..^1].ToString().Replace("\"\"", "\"", StringComparison.Ordinal), Quoted: true, span)
            : new SqlName(text.ToString(), Quoted: false, span);
    }

    /// <summary>A path where only a path may stand (INSERT columns, SET targets, indexed paths).</summary>
    public PathExpression ExpectPath() => IsName(_input.Current.Kind)
        ? ParsePath()
        : throw _input.Error(WithKeywordHint("a path" + _input.AfterPrevious()));

    /// <summary>A dotted path whose first segment is the current (name) token.</summary>
    public PathExpression ParsePath()
    {
        var segments = ImmutableArray.CreateBuilder<PathSegment>();
        segments.Add(ParseSegment(NameOf(_input.Advance())));
        while (_input.Accept(TokenKind.Dot))
        {
            segments.Add(ParseSegment(ExpectAnyWord("a name after '.'")));
        }

        return new PathExpression(segments.ToImmutable(), ParserInput.SpanOf(segments[0], segments[^1]));
    }

    /// <summary>Says how to use a reserved word as a name when one was found where a name belongs.</summary>
    private string WithKeywordHint(string expected)
    {
        var current = _input.Current;
        if (!current.IsKeyword)
        {
            return expected;
        }

        var word = current.Text(_input.Sql).ToString();
        return $"{expected} ({Keywords.Spelling(current.Kind)} is a keyword: write \"{word}\" to use it as a name)";
    }

    private PathSegment ParseSegment(SqlName name)
    {
        if (!_input.Accept(TokenKind.LeftBracket))
        {
            return new PathSegment(name, AnyElement: false, name.Span);
        }

        _input.Expect(TokenKind.RightBracket, "']' after '[' (a path's [] means any element of an array)");
        return new PathSegment(name, AnyElement: true, SourceSpan.FromBounds(name.Span.Start, _input.Previous.End));
    }
}
