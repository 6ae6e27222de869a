using System.Collections.Immutable;
using DocStore.Sql.Ast;

namespace DocStore.Sql.Syntax;

// Names and paths: keywords are reserved where a name could start a clause or an expression, but
// after a dot and after AS only a name can follow, so any word is accepted there.
internal sealed partial class SqlParser
{
    private static bool IsName(TokenKind kind) => kind is TokenKind.Identifier or TokenKind.QuotedIdentifier;

    /// <summary>A collection, alias or index name where keywords are reserved.</summary>
    private SqlName ExpectName(string expected) => IsName(Current.Kind)
        ? NameOf(_tokens.Advance())
        : throw Error(WithKeywordHint(expected));

    /// <summary>A name after a dot or AS, where a keyword can only be meant as a name.</summary>
    private SqlName ExpectAnyWord(string expected) => IsName(Current.Kind) || Current.IsKeyword
        ? NameOf(_tokens.Advance())
        : throw Error(expected);

    private SqlName NameOf(SqlToken token)
    {
        var text = token.Text(_sql);
        var span = new SourceSpan(token.Start, token.Length);
        return token.Kind == TokenKind.QuotedIdentifier
            ? new SqlName(text[1..^1].ToString().Replace("\"\"", "\"", StringComparison.Ordinal), Quoted: true, span)
            : new SqlName(text.ToString(), Quoted: false, span);
    }

    /// <summary>Says how to use a reserved word as a name when one was found where a name belongs.</summary>
    private string WithKeywordHint(string expected)
    {
        if (!Current.IsKeyword)
        {
            return expected;
        }

        var word = Current.Text(_sql).ToString();
        return $"{expected} ({Keywords.Spelling(Current.Kind)} is a keyword: write \"{word}\" to use it as a name)";
    }

    /// <summary>A path where only a path may stand (INSERT columns, SET targets, indexed paths).</summary>
    private PathExpression ExpectPath() => IsName(Current.Kind)
        ? ParsePath()
        : throw Error(WithKeywordHint("a path" + AfterPrevious()));

    /// <summary>A dotted path whose first segment is the current (name) token.</summary>
    private PathExpression ParsePath()
    {
        var segments = ImmutableArray.CreateBuilder<PathSegment>();
        segments.Add(ParseSegment(NameOf(_tokens.Advance())));
        while (Accept(TokenKind.Dot))
        {
            segments.Add(ParseSegment(ExpectAnyWord("a name after '.'")));
        }

        return new PathExpression(segments.ToImmutable(), SpanOf(segments[0], segments[^1]));
    }

    private PathSegment ParseSegment(SqlName name)
    {
        if (!Accept(TokenKind.LeftBracket))
        {
            return new PathSegment(name, AnyElement: false, name.Span);
        }

        Expect(TokenKind.RightBracket, "']' after '[' (a path's [] means any element of an array)");
        return new PathSegment(name, AnyElement: true, SourceSpan.FromBounds(name.Span.Start, _tokens.Previous.End));
    }
}
