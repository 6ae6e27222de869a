namespace DocStore.Sql.Syntax;

/// <summary>
/// The kinds of token the SQL lexer produces. Keywords are kinds of their own (named as spelled), so
/// the parser compares kinds, never text.
/// </summary>
internal enum TokenKind : byte
{
    /// <summary>The end of the text; the lexer returns it forever after.</summary>
    EndOfInput,

    /// <summary>A character that starts no token; the parser reports it where it expected something else.</summary>
    Unknown,

    /// <summary>An unquoted name that is not a keyword.</summary>
    Identifier,

    /// <summary>A <c>"quoted"</c> name; <c>""</c> inside stands for one quote.</summary>
    QuotedIdentifier,

    /// <summary>Digits only.</summary>
    Integer,

    /// <summary>A number with a decimal point or an exponent.</summary>
    Real,

    /// <summary>A <c>'string'</c>; <c>''</c> inside stands for one quote.</summary>
    String,

    /// <summary><c>@name</c>, <c>$name</c> or <c>:name</c>.</summary>
    NamedParameter,

    /// <summary><c>?</c>, numbered from 1 in order of appearance.</summary>
    PositionalParameter,

    /// <summary>An Extended JSON document <c>{ ... }</c>, braces included.</summary>
    DocumentLiteral,

    LeftParen,
    RightParen,
    LeftBracket,
    RightBracket,
    Comma,
    Dot,
    Semicolon,
    Star,
    Plus,
    Minus,
    Slash,
    Percent,
    Concat,
    Equal,
    EqualEqual,
    NotEqual,
    BangEqual,
    Less,
    LessOrEqual,
    Greater,
    GreaterOrEqual,

    // Keywords from here on (IsKeyword relies on the order); each is named as it is spelled.
    And,
    All,
    As,
    Asc,
    Begin,
    Between,
    By,
    Case,
    Collate,
    Commit,
    Create,
    Delete,
    Desc,
    Distinct,
    Drop,
    Else,
    Exists,
    Except,
    Explain,
    False,
    From,
    Group,
    Having,
    In,
    Index,
    Inner,
    Insert,
    Intersect,
    Into,
    Is,
    Join,
    Left,
    Like,
    Limit,
    Not,
    Null,
    Offset,
    On,
    Or,
    Order,
    Outer,
    Rollback,
    Select,
    Set,
    Then,
    Transaction,
    True,
    Union,
    Unique,
    Update,
    Using,
    Values,
    When,
    Where,
}
