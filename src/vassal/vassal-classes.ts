/**
 * The top-level classes of the VASSAL package in VASSAL 3.7.26's jar, by package (class names
 * separated by spaces). Written by scripts/make-vassal-classes.ts from the jar; do not edit.
 */
export const VASSAL_CLASSES_BY_PACKAGE: Readonly<Record<string, string>> = {
  VASSAL: 'Info',
  'VASSAL.build':
    'AbstractBuildable AbstractConfigurable AbstractFolder AbstractToolbarItem AutoConfigurable BadDataReport Buildable Builder Configurable GameModule GpIdChecker GpIdSupport IllegalBuildException PropertyProducer Widget',
  'VASSAL.build.module':
    'AttachmentManager BasicCommandEncoder BasicLogger ChartWindow Chatter ChessClockControl ConnectionWindow Console ConsoleAppender DiceButton DieManager DieRoll DoActionButton Documentation EventLog ExtensionElement ExtensionsLoader ExtensionsManager GameComponent GameRefresher GameSetupStep GameState GlobalKeyCommand GlobalOptions InternetDiceButton Inventory KeyNamer Map ModuleExtension ModulePlugin MultiActionButton MultiRoll NewGameIndicator NotesWindow ObscurableOptions PieceWindow PlayerHand PlayerRoster Plugin PluginsLoader PredefinedSetup PrivateMap PrototypeDefinition PrototypesContainer RandomTextButton Refresher ServerConnection SpecialDiceButton SpecialDie SpecialDieFace StartupGlobalKeyCommand ToolbarMenu WizardSupport',
  'VASSAL.build.module.chessclockcontrol': 'ChessClock',
  'VASSAL.build.module.dice': 'BonesDiceServer DieServer RollSet ShadowDiceDieServer',
  'VASSAL.build.module.documentation':
    'AboutScreen BrowserHelpFile BrowserPDFFile DialogHelpWindow HelpFile HelpWindow HelpWindowExtension Tutorial',
  'VASSAL.build.module.folder': 'DeckSubFolder GlobalPropertyFolder MapSubFolder ModuleSubFolder PrototypeFolder',
  'VASSAL.build.module.gamepieceimage':
    'ColorManager ColorSwatch ColorSwatchConfigurer FontConfigurer FontManager FontStyle FontStyleConfigurer GamePieceImage GamePieceImageDefinitions GamePieceLayout GamePieceLayoutsContainer ImageItem ImageItemInstance InstanceConfigurer Item ItemInstance LayoutConfigurer NewColorConfigurer OutlineFont ShapeItem ShapeItemInstance SizeConfigurer StringEnumConfigurer SwatchComboBox Symbol SymbolConfigurer SymbolItem SymbolItemInstance TextBoxItem TextBoxItemInstance TextItem TextItemInstance Visualizable Visualizer',
  'VASSAL.build.module.index': 'IndexManager PiecePropertyIndex VassalMapPieceIndex VassalMapQuadTree',
  'VASSAL.build.module.map':
    'BoardPicker CompoundPieceCollection CounterDetailViewer DeckGlobalKeyCommand DefaultPieceCollection DrawPile Drawable Flare ForwardToChatter ForwardToKeyBuffer GlobalMap HandMetrics HidePiecesButton HighlightLastMoved ImageSaver KeyBufferer LOS_Thread LayerControl LayeredPieceCollection MapCenterer MapShader MassKeyCommand MenuDisplayer MoveCameraButton MovementReporter PieceCollection PieceMover PieceRecenterer Scroller SelectionHighlighter SelectionHighlighters SetupStack SimplePieceCollection SmallList StackExpander StackMetrics TextSaver Zoomer',
  'VASSAL.build.module.map.boardPicker': 'Board BoardSlot',
  'VASSAL.build.module.map.boardPicker.board':
    'GeometricGrid GridEditor GridOp HexGrid MapGrid Region RegionGrid SolidColorOp SquareGrid ZonedGrid',
  'VASSAL.build.module.map.boardPicker.board.mapgrid':
    'GridContainer GridNumbering HexGridNumbering PolygonConfigurer PolygonEditor RegularGridNumbering SquareGridNumbering Zone ZoneHighlight ZonedGridHighlighter',
  'VASSAL.build.module.map.deck':
    'AbstractDeckKeyCommand DeckKeyCommand DeckSendKeyCommand DeckSortKeyCommand SortParameter SortParameterArrayConfigurer SortParameterComparator SortParameterConfigurer',
  'VASSAL.build.module.metadata': 'AbstractMetaData ExtensionMetaData ImportMetaData MetaDataFactory ModuleMetaData SaveMetaData',
  'VASSAL.build.module.noteswindow':
    'AddSecretNoteCommand PrivateNotesController PrivateText SecretNote SecretNotesController SetPrivateTextCommand',
  'VASSAL.build.module.properties':
    'AbstractScenarioProperty BooleanScenarioProperty ChangePropertyButton ChangePropertyCommand ChangePropertyCommandEncoder EnumeratedPropertyPrompt GlobalProperties GlobalPropertiesContainer GlobalProperty GlobalTranslatableMessage GlobalTranslatableMessages IncrementProperty ListScenarioProperty MutablePropertiesContainer MutableProperty NumberScenarioProperty NumericPropertyPrompt PropertyChanger PropertyChangerConfigurer PropertyNameSource PropertyPrompt PropertySetter PropertySource RemoteEnumeratedPropertyPrompt RemoteIncrementProperty RemotePropertyChanger RemotePropertyPrompt RemotePropertySetter ScenarioOptions ScenarioPropertiesOptionTab StringScenarioProperty SumProperties TranslatableString TranslatableStringContainer ZoneProperty',
  'VASSAL.build.module.turn': 'CounterTurnLevel ListTurnLevel TurnComponent TurnGlobalHotkey TurnLevel TurnTracker',
  'VASSAL.build.widget': 'BoxWidget CardSlot Chart HtmlChart ListWidget MapWidget PanelWidget PieceSlot TabWidget WidgetMap',
  'VASSAL.chat':
    'AddressBookServerConfigurer CgiServerStatus ChatServerConnection ChatServerFactory CommandDecoder Compressor DummyClient DummyMessageServer DynamicClient HttpMessageServer HttpRequestWrapper HybridClient InviteCommand InviteEncoder LockableChatServerConnection LockableRoom MainRoomChecker MainRoomFilter MessageServer Player PlayerEncoder PlayerInfoWindow PlayerStatus PrivMsgCommand PrivateChatEncoder PrivateChatManager PrivateChatter Room ServerAddressBook ServerConfigurer ServerStatus SimplePlayer SimpleRoom SimpleStatus SoundEncoder SynchCommand SynchEncoder WelcomeMessageServer',
  'VASSAL.chat.messageboard': 'Message MessageBoard MessageBoardControls MessageViewer',
  'VASSAL.chat.node':
    'AsynchronousServerNode ConnectionLimiter LockWatcher LockableNodeRoomControls MsgSender Node NodeClient NodeClientFactory NodePlayer NodeRoom OfficialNodeClient OfficialNodeClientFactory PlayerNode PrivateNodeClient PrivateNodeClientFactory Protocol Server ServerNode SocketHandler SocketWatcher StatusReporter',
  'VASSAL.chat.peer2peer':
    'AcceptPeerThread ClientTest DirectPeerPool EchoClient IpWatch P2PClient P2PClientFactory P2PPlayer PeerPool PeerPoolInfo RoomManager RoomTracker TextClient UnitTest',
  'VASSAL.chat.ui':
    'BasicChatControlsInitializer ChatControlsInitializer ChatServerControls CurrentRoomActions InviteAction JoinRoomAction KickAction LockableRoomControls LockableRoomTreeRenderer MessageBoardControlsInitializer PlayerActionFactory PrivateMessageAction RoomActionFactory RoomInteractionControlsInitializer RoomTree RoomTreeRenderer SendSoundAction ServerStatusControlsInitializer ServerStatusView ServerWindowActions ShowProfileAction ShowServerStatusAction SimpleStatusControlsInitializer SynchAction',
  'VASSAL.command':
    'AddPiece AlertCommand ChangePiece ChangeTracker Command CommandEncoder CommandFilter ConditionalCommand FlareCommand Logger MovePiece MoveTracker NullCommand PlayAudioClipCommand RemovePiece SetPersistentPropertyCommand',
  'VASSAL.configure':
    'AbstractConfigurableListEntry AudioClipConfigurer AutoConfigurer BeanShellExpressionConfigurer BeanShellFunctionMenu BooleanConfigurer ChooseComponentDialog ChooseComponentPathDialog ColorConfigurer ComponentConfigPanel ComponentDescription ComponentLayout CompoundValidityChecker ConfigurableList ConfigurableListController ConfigurableListEntry ConfigureTree Configurer ConfigurerFactory ConfigurerLayout ConfigurerPanel ConfigurerWindow DeckSelectionConfigurer DirectoryConfigurer DoubleConfigurer DynamicKeyCommandConfigurer DynamicKeyCommandListConfigurer EditContainedPiecesAction EditPropertiesAction ExtensionTree FileConfigurer FlareFormattedStringConfigurer FontConfigurer FormattedExpressionConfigurer FormattedStringArrayConfigurer FormattedStringConfigurer GamePieceFormattedStringConfigurer GlobalCommandTargetConfigurer HintTextField HotKeyConfigurer IconConfigurer ImageConfigurer ImageSelector IntConfigurer KeyModifiersConfigurer KeyStrokeArrayConfigurer ListConfigurer ListKeyCommandsDialog LongConfigurer MandatoryComponent NamedHotKeyConfigurer NamedKeyStrokeArrayConfigurer NoInsetButton NotNullConfigureName OpenContainedPiecesAction Parameter ParameterConfigurer ParameterListConfigurer PasswordConfigurer PieceAccessConfigurer PlayerIdFormattedExpressionConfigurer PlayerIdFormattedStringConfigurer PropertiesWindow PropertyExpression PropertyExpressionConfigurer PropertyNameExpressionConfigurer RecursiveSingleChildInstance RefreshPredefinedSetupsDialog RemoveUnusedImagesDialog SaveAction SaveAsAction SavedGameUpdaterDialog ShowHelpAction SimpleConfigurer SingleChildInstance SoundConfigurer StringArrayConfigurer StringConfigurer StringEnum StringEnumConfigurer TableConfigurer TextConfigurer TranslatableStringEnum TranslatingStringEnumConfigurer UniquelyNamedChildren ValidationReport ValidationReportDialog ValidityChecker VisibilityAND VisibilityCondition',
  'VASSAL.configure.button': 'ToolTipConfigurer',
  'VASSAL.configure.password': 'ToggleablePasswordConfigurer ToggleablePasswordFieldPanel',
  'VASSAL.counters':
    'ActionButton AreaCache AreaOfEffect Attachment BasicName BasicPiece BooleanAndPieceFilter BooleanOrPieceFilter BorderOutline BoundsTracker CalculatedProperty Clone ColoredBorder Comment CounterGlobalKeyCommand CounterNames Deck DeckManager DeckVisitor DeckVisitorDispatcher Decorator Delete Deselect DragBuffer DynamicProperty EditablePiece Embellishment Embellishment0 EventFilter Footprint FreeRotator GamePiece GlobalAttach GlobalCommand GlobalCommandTarget GlobalCommandVisitor GlobalDetach GlobalHotKey GlobalSetter Hideable Highlighter ImagePicker Immobilized KeyBuffer KeyCommand KeyCommandSubMenu KeySpecifier Labeler Marker MassPieceDefiner MassPieceLoader Mat MatCargo MatHolder MenuSeparator MovementMarkable MultiImagePicker MultiLocationCommand NonRectangular Obscurable PieceAccess PieceCloner PieceDefiner PieceEditor PieceFilter PieceFinder PieceImage PieceIterator PieceSorter PieceVisitor PieceVisitorDispatcher Pivot PlaceMarker PlaySound PlayerAccess Properties PropertiesPieceFilter PropertyExporter PropertySheet RangeFilter Replace ReportState RestrictCommands Restricted ReturnToDeck SendToLocation SetGlobalProperty SetPieceProperty SideAccess SimplePieceEditor SpecifiedSideAccess Stack StateMergeable SubMenu TableInfo TraitConfigPanel TraitLayout TranslatableMessage Translate TriggerAction UsePrototype',
  'VASSAL.i18n':
    'BundleHelper ComponentI18nData I18nResourcePathFinder Language LocaleConfigurer Localization PieceI18nData Resources Translatable TranslatableAttribute TranslatableConfigurerFactory TranslatableMarker TranslatablePiece TranslateAction TranslateVassalWindow TranslateWindow Translation VassalResourceBundle VassalTranslation',
  'VASSAL.launch':
    'AboutVASSALAction AbstractLaunchAction BasicModule Config CreateModuleAction CustomVmOptions DummyConfig EditExtensionAction EditModuleAction Editor EditorWindow ExceptionHandler ExtensionEditorWindow FirstTimeDialog GameModuleAction JavaVersionChecker LaunchRequest LaunchRequestException LaunchRequestHandler LaunchTourAction Launcher LoadModuleAction MacOSXStartUp ModuleEditorWindow ModuleManager ModuleManagerMacOSXStartUp ModuleManagerMenuManager ModuleManagerSocketListener ModuleManagerUpdateHelper ModuleManagerWindow NewExtensionAction Player PlayerWindow SaveModuleAction SaveModuleAsAction ShutDownAction StandardConfig StartUp TilingHandler UpdateCheckRequest UseTracker',
  'VASSAL.preferences':
    'BasicPreference BooleanPreference DoublePreference EnumPreference GlobalPrefs IntegerPreference PositionOption Prefs PrefsEditor ReadOnlyPrefs StringPreference TextPreference VisibilityOption',
  'VASSAL.property':
    'AbstractPropertyContainer ConcurrentPropertySupport PersistentPropertyContainer Property PropertyContainer PropertyListener PropertySupport SinglePropertyContainer',
  'VASSAL.script':
    'AbstractInterpreter AbstractScript ActionScript BeanShell BshCommandEncoder BshPlugin CompileResult ExpressionInterpreter GeneralScript JavaNameConfigurer ScriptContainer ScriptInterpreter',
  'VASSAL.script.expression':
    'AuditTrail Auditable AuditableException BeanShellExpression Expression ExpressionBuilder ExpressionException FormattedStringExpression FunctionBuilder IntBuilder IntExpression NullExpression PropertyExpressionBuilder PropertyMatchExpression PropertyNameExpressionBuilder SinglePropertyExpression StrBuilder StringExpression',
  'VASSAL.script.proxy': 'GamePiece Map Stack',
  'VASSAL.search': 'AbstractImageFinder HTMLImageFinder ImageSearchTarget SearchTarget',
  'VASSAL.tools':
    'ActionManager AdjustableSpeedScrollPane ApplicationIcons ArchiveWriter ArgsParser ArrayIterator ArrayUtils AudioClip AudioSystemClip BackgroundTask BrowserSupport BugDialog BugUtils ButtonFactory CRCUtils ColorButton ComponentPathBuilder ComponentSplitter DataArchive DebugControls DialogUtils EnumeratedIterator ErrorDialog FormattedString FutureUtils HTTPPostBuilder HashCode HeapFinderDummy HotkeySpecifier IconButton ImprovedAveragingScaleFilter IteratorUtils JarArchive KeyStrokeListener KeyStrokeSource LaunchButton LoopControl Mp3AudioClip NamedKeyManager NamedKeyStroke NamedKeyStrokeListener PlayerIdFormattedString Prioritizable ProblemDialog PropertiesEncoder QuickColors ReadErrorDialog RecursionLimitException RecursionLimiter ReflectionUtils ResourcePathFinder SavedGameUpdater ScrollPane SequenceEncoder Sort SplashScreen TemporaryToolBar ThrowableUtils ToolBarComponent URLUtils UniqueIdManager UsernameAndPasswordDialog WarningDialog WrapLayout WriteErrorDialog',
  'VASSAL.tools.bug': 'BugHandler',
  'VASSAL.tools.concurrent':
    'ConcurrentSoftHashMap CountingReadWriteLock DaemonThreadFactory Exec FutureUtils QueueJoiner RangedRunnable SettableFuture SettableRunnableFuture SimpleFuture SimpleRunnableFuture',
  'VASSAL.tools.concurrent.listener':
    'DefaultEventListenerSupport DefaultMultiEventListenerSupport DotPrinter DummyEventListener EventAccumulator EventListener EventListenerSupport MultiEventListenerSupport',
  'VASSAL.tools.deprecation':
    'DependencyChecker DependencyWalker DependencyWriter DeprecationWalker DeprecationWriter Processor RemovalAndDeprecationChecker Walker',
  'VASSAL.tools.filechooser':
    'AudioFileFilter BMPFileFilter DirectoryFileFilter ExtensionFileFilter FileChooser FileFilter ImageFileFilter LogAndSaveFileFilter LogFileFilter ModuleExtensionFileFilter ModuleFileFilter PNGFileFilter',
  'VASSAL.tools.hex': 'Hex OffsetCoord',
  'VASSAL.tools.icon': 'IconFactory IconFamily',
  'VASSAL.tools.image':
    'BrokenImageException FallbackImageTypeConverter FileImageTypeConverter GeneralFilter ImageIOException ImageIOImageLoader ImageLoader ImageNotFoundException ImageTileSource ImageTypeConverter ImageUtils JPEGDecoder LabelUtils MemoryImageTypeConverter MultiResolutionRenderedImage PNGDecoder UnrecognizedImageTypeException',
  'VASSAL.tools.image.svg': 'SVGImageUtils SVGRenderer',
  'VASSAL.tools.image.tilecache':
    'FileArchiveImageTiler ImageTileDiskCache ImageToTiles ScaledTileTask TileNotFoundException TileSlicer TileSlicerImpl TileTask TileToImage TileUtils TilesToImage ZipFileImageTiler ZipFileImageTilerState',
  'VASSAL.tools.imageop':
    'AbstractOpImpl AbstractTileOpImpl AbstractTiledOpImpl CropOp CropOpBitmapImpl FixedScaleOpBitmapImpl FixedScaleOpTiledBitmapImpl GamePieceOp GamePieceOpImpl ImageOp ImageOpObserver ImageSourceOpBitmapImpl Op OpIcon OpMultiResolutionImage OrthoRotateOpBitmapImpl OwningOpMultiResolutionImage Repainter RotateOp RotateScaleOp RotateScaleOpBitmapImpl RotateScaleOpSVGImpl SVGOp ScaleOp ScaleOpBitmapImpl ScaleOpTiledBitmapImpl ScaledImagePainter SourceOp SourceOpBitmapImpl SourceOpDiskCacheBitmapImpl SourceOpSVGImpl SourceOpTiledBitmapImpl SourceTileOpBitmapImpl SourceTileOpSVGImpl',
  'VASSAL.tools.imports': 'FileFormatException ImportAction Importer',
  'VASSAL.tools.imports.adc2': 'ADC2Module ADC2ModuleFileFilter ADC2Utils MapBoard MapBoardFileFilter SymbolSet SymbolSetFileFilter',
  'VASSAL.tools.io':
    'ArgEncoding CompositeInputStream DeobfuscatingInputStream DirectoryTreeDeleter FastByteArrayOutputStream FileArchive FileStore FileUtils IOUtils InputOutputStreamPump InputStreamPump ObfuscatingOutputStream OutputStreamPump ProcessCallable ProcessLauncher ProcessWrapper RereadableInputStream Tailer TemporaryFileFactory ZipArchive ZipWriter',
  'VASSAL.tools.lang': 'Callback MemoryUtils Pair Reference',
  'VASSAL.tools.logging': 'LogEntry LogListener LogPane LoggedOutputStream Logger ProcessIDConverter',
  'VASSAL.tools.menu':
    'AbstractParent AbstractProxy CheckBoxMenuItemProxy ChildProxy Functor MacOSXMenuManager MenuBarProxy MenuItemProxy MenuManager MenuMarker MenuProxy MenuScroller ParentProxy SeparatorProxy',
  'VASSAL.tools.opcache': 'AbstractOpImpl Op OpCache OpFailedException OpObserver',
  'VASSAL.tools.qtree': 'QFunc QNode QNodeType QPoint QuadTree QuadTreeException',
  'VASSAL.tools.swing':
    'AboutWindow DataArchiveHTMLEditorKit DataArchiveTextPane DetailsButton DetailsDialog DialogCloser Dialogs EDT EDTExecutorService EDTRunnableFuture FlowLabel HTMLWindowHelper LabelerDataArchiveHTMLEditorKit ProgressDialog Progressor SplitPane SwingUtils',
  'VASSAL.tools.version': 'AbstractUpdateCheckRequest GitProperties LiveVersionInfo UpdateCheckAction VersionInfo VersionUtils',
};
