-- A class store written by balada-widgets at schema version 1 (commit b19a783), dumped with
-- sqlite3's iterdump: tests/classroom/test_schema.py loads it to test the migration to later versions.
-- Made with the Store API of that release: a Balda table (Ana and Ben, 4 moves), a Heroes of Barcadia
-- game against a greedy bot (kind 'bots'), lesson answers, and two resume_pages rows that release made
-- lazily (resume_pages was outside the versioned schema).
BEGIN TRANSACTION;
CREATE TABLE answers (
	id INTEGER NOT NULL, 
	browser_id INTEGER NOT NULL, 
	game VARCHAR(40) NOT NULL, 
	step VARCHAR(80) NOT NULL, 
	part INTEGER NOT NULL, 
	verdict VARCHAR(16) NOT NULL, 
	misreading VARCHAR(80), 
	at FLOAT NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(browser_id) REFERENCES browsers (id) ON DELETE CASCADE
);
INSERT INTO "answers" VALUES(1,1,'barcadia','goal',0,'wrong','goal-hp-gate',1.79640520619900107383e+09);
INSERT INTO "answers" VALUES(2,1,'barcadia','goal',0,'right',NULL,1796405206.20244);
INSERT INTO "answers" VALUES(3,2,'balda','rules',1,'shown',NULL,1.79640520620444536208e+09);
CREATE TABLE browsers (
	id INTEGER NOT NULL, 
	class_id INTEGER NOT NULL, 
	key_hash VARCHAR(64) NOT NULL, 
	name VARCHAR(80) NOT NULL, 
	created_at FLOAT NOT NULL, 
	seen_at FLOAT NOT NULL, 
	PRIMARY KEY (id), 
	CONSTRAINT uq_browser_key UNIQUE (class_id, key_hash), 
	FOREIGN KEY(class_id) REFERENCES classes (id) ON DELETE CASCADE
);
INSERT INTO "browsers" VALUES(1,1,'3da5915b372a819b1515eb368afd0a88778ff98bd2b30760c4315e2ffb94a911','Ana',1.7964052056905801296e+09,1.79640520620591950416e+09);
INSERT INTO "browsers" VALUES(2,1,'ef521bc80ebfcaff6a4788f7618cd3ceab27a97047ebd4cd05ece8494775546b','Ben',1.79640520569247221947e+09,1.79640520620372509956e+09);
CREATE TABLE classes (
	id INTEGER NOT NULL, 
	name VARCHAR(80) NOT NULL, 
	teacher_hash VARCHAR(64), 
	created_at FLOAT NOT NULL, 
	PRIMARY KEY (id), 
	UNIQUE (name)
);
INSERT INTO "classes" VALUES(1,'default','445e2852ce179daab73ebcd2f4070b4c56d62283eceb77b8f5ecb5e26d0def36',1.7964052056882951259e+09);
CREATE TABLE join_attempts (
	id INTEGER NOT NULL, 
	class_id INTEGER NOT NULL, 
	who VARCHAR(64) NOT NULL, 
	at FLOAT NOT NULL, 
	ok BOOLEAN NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(class_id) REFERENCES classes (id) ON DELETE CASCADE
);
CREATE TABLE meta (
	"key" VARCHAR(64) NOT NULL, 
	value TEXT NOT NULL, 
	PRIMARY KEY ("key")
);
INSERT INTO "meta" VALUES('schema_version','1');
CREATE TABLE moves (
	table_id INTEGER NOT NULL, 
	number INTEGER NOT NULL, 
	kind VARCHAR(8) NOT NULL, 
	text TEXT NOT NULL, 
	seat INTEGER, 
	by_chance BOOLEAN NOT NULL, 
	played_at FLOAT NOT NULL, 
	client_move_id VARCHAR(80), 
	PRIMARY KEY (table_id, number), 
	CONSTRAINT uq_move_client_id UNIQUE (table_id, seat, client_move_id), 
	FOREIGN KEY(table_id) REFERENCES tables (id) ON DELETE CASCADE
);
INSERT INTO "moves" VALUES(1,1,'move','start sahib',NULL,1,1.79640520588982224468e+09,NULL);
INSERT INTO "moves" VALUES(1,2,'move','a4=e es a4-a3',0,0,1.7964052059074363709e+09,'c0');
INSERT INTO "moves" VALUES(1,3,'move','a5=a sea a3-a4-a5',1,0,1.79640520591234040259e+09,'c1');
INSERT INTO "moves" VALUES(1,4,'move','b5=a aa a5-b5',0,0,1.79640520591612982753e+09,'c2');
INSERT INTO "moves" VALUES(1,5,'move','c5=b ba c5-b5',1,0,1.79640520592004060743e+09,'c3');
INSERT INTO "moves" VALUES(2,1,'move','build 2,-2',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,2,'move','build 3,-3',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,3,'move','build -2,2',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,4,'move','build 2,0',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,5,'move','build 0,-2',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,6,'move','build -2,0',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,7,'move','build -3,1',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,8,'move','build -3,3',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,9,'move','build 0,-3',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,10,'move','build -2,3',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,11,'move','build -1,-2',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,12,'move','build 2,1',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,13,'move','build -4,3',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,14,'move','build -4,1',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,15,'move','build -1,-1',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,16,'move','build 2,-1',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,17,'move','build -5,4',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,18,'move','build 4,-4',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,19,'move','build 1,-2',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,20,'move','build -6,4',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,21,'move','build -3,0',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,22,'move','build 4,-5',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,23,'move','build 3,-1',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,24,'move','build 5,-6',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,25,'move','build 2,2',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,26,'move','build -4,2',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,27,'move','build -2,1',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,28,'move','build -2,-2',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,29,'move','build 4,-6',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,30,'move','build -4,0',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,31,'move','draw p1 pickpocket',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,32,'move','draw p1 boost',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,33,'move','draw p1 sneak-away',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,34,'move','draw p2 trap',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,35,'move','draw p2 thirst-aid',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,36,'move','draw p2 disarm-kit',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,37,'move','roll p1 20',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,38,'move','roll p2 14',NULL,1,1.79640520618467640877e+09,NULL);
INSERT INTO "moves" VALUES(2,39,'move','p1 reveal r1',0,0,1.79640520619256567952e+09,NULL);
INSERT INTO "moves" VALUES(2,40,'move','room r1 whirlpool-pourtal',NULL,1,1.79640520619256567952e+09,NULL);
INSERT INTO "moves" VALUES(2,41,'move','p1 teleport START',0,0,1.7964052061946530342e+09,NULL);
INSERT INTO "moves" VALUES(2,42,'move','p1 play pickpocket',0,0,1.79640520619699025151e+09,NULL);
INSERT INTO "moves" VALUES(2,43,'move','steal p1 p2 trap',NULL,1,1.79640520619699025151e+09,NULL);
CREATE TABLE progress (
	browser_id INTEGER NOT NULL, 
	game VARCHAR(40) NOT NULL, 
	step VARCHAR(80) NOT NULL, 
	part INTEGER NOT NULL, 
	wrong INTEGER NOT NULL, 
	solved BOOLEAN NOT NULL, 
	shown BOOLEAN NOT NULL, 
	first_at FLOAT NOT NULL, 
	updated_at FLOAT NOT NULL, 
	PRIMARY KEY (browser_id, game, step, part), 
	FOREIGN KEY(browser_id) REFERENCES browsers (id) ON DELETE CASCADE
);
INSERT INTO "progress" VALUES(1,'barcadia','goal',0,1,1,0,1.79640520619900107383e+09,1796405206.20244);
INSERT INTO "progress" VALUES(2,'balda','rules',1,0,0,1,1.79640520620444536208e+09,1.79640520620444536208e+09);
CREATE TABLE resume_pages (
	browser_id INTEGER NOT NULL, 
	page VARCHAR(120) NOT NULL, 
	table_id INTEGER, 
	step VARCHAR(80), 
	data TEXT, 
	updated_at FLOAT NOT NULL, 
	PRIMARY KEY (browser_id, page), 
	FOREIGN KEY(browser_id) REFERENCES browsers (id) ON DELETE CASCADE, 
	FOREIGN KEY(table_id) REFERENCES tables (id) ON DELETE CASCADE
);
INSERT INTO "resume_pages" VALUES(1,'barcadia',2,NULL,'{"at": null, "settings": {"bots": 1, "seed": 11}}',1.79640520620719408985e+09);
INSERT INTO "resume_pages" VALUES(1,'barcadia-learn',NULL,'goal',NULL,1.79640520620850896839e+09);
CREATE TABLE seats (
	table_id INTEGER NOT NULL, 
	seat INTEGER NOT NULL, 
	kind VARCHAR(8) NOT NULL, 
	name VARCHAR(80) NOT NULL, 
	browser_id INTEGER, 
	bot_level VARCHAR(40), 
	bot_options TEXT, 
	joined_at FLOAT, 
	seen_at FLOAT, 
	PRIMARY KEY (table_id, seat), 
	FOREIGN KEY(table_id) REFERENCES tables (id) ON DELETE CASCADE, 
	FOREIGN KEY(browser_id) REFERENCES browsers (id) ON DELETE SET NULL
);
INSERT INTO "seats" VALUES(1,0,'human','Ana',1,NULL,NULL,1.79640520589898085596e+09,1.79640520591612982753e+09);
INSERT INTO "seats" VALUES(1,1,'human','Ben',2,NULL,NULL,1.79640520590252947804e+09,1.79640520592004060743e+09);
INSERT INTO "seats" VALUES(2,0,'human','Ana',1,NULL,NULL,1.79640520619004535676e+09,1.79640520619699025151e+09);
INSERT INTO "seats" VALUES(2,1,'bot','',NULL,'greedy','{}',NULL,NULL);
CREATE TABLE tables (
	id INTEGER NOT NULL, 
	class_id INTEGER NOT NULL, 
	code VARCHAR(16) NOT NULL, 
	game VARCHAR(40) NOT NULL, 
	options TEXT NOT NULL, 
	seed TEXT NOT NULL, 
	start TEXT, 
	kind VARCHAR(16) NOT NULL, 
	creator_id INTEGER, 
	move_count INTEGER NOT NULL, 
	created_at FLOAT NOT NULL, 
	moved_at FLOAT NOT NULL, 
	ended_at FLOAT, 
	ended_reason TEXT, 
	PRIMARY KEY (id), 
	FOREIGN KEY(class_id) REFERENCES classes (id) ON DELETE CASCADE, 
	UNIQUE (code), 
	FOREIGN KEY(creator_id) REFERENCES browsers (id) ON DELETE SET NULL
);
INSERT INTO "tables" VALUES(1,1,'JNUHNATP','balda','{"add_words": [], "language": "en", "min_length": 2, "players": 2, "remove_words": [], "size": 5, "start_word": null, "tier": null, "words": null}','7',NULL,'table',1,5,1.79640520588982224468e+09,1.79640520592004060743e+09,NULL,NULL);
INSERT INTO "tables" VALUES(2,1,'KK8WU46C','barcadia','{"build": "auto", "characters": ["barbarian", "knight"], "content": null, "crits": false, "diy": [], "dungeon": null, "frenzy": false, "players": 2, "power_traps": false, "removal": true, "start": "standard", "turn_limit": null, "versatile": false}','11',NULL,'bots',1,43,1.79640520618467640877e+09,1.79640520619699025151e+09,NULL,NULL);
CREATE TABLE tokens (
	hash VARCHAR(64) NOT NULL, 
	table_id INTEGER NOT NULL, 
	seat INTEGER NOT NULL, 
	browser_id INTEGER, 
	created_at FLOAT NOT NULL, 
	revoked_at FLOAT, 
	PRIMARY KEY (hash), 
	FOREIGN KEY(table_id, seat) REFERENCES seats (table_id, seat) ON DELETE CASCADE, 
	FOREIGN KEY(browser_id) REFERENCES browsers (id) ON DELETE SET NULL
);
INSERT INTO "tokens" VALUES('4fbb43010741023cb9c91e0934162376bb6fe665025c7880af003d4b925e971c',1,0,1,1.79640520589898085596e+09,NULL);
INSERT INTO "tokens" VALUES('9b0be48a3eacfe65d5cd487ce6814a5c172bed09f9cda66e9d713e4f34788491',1,1,2,1.79640520590252947804e+09,NULL);
INSERT INTO "tokens" VALUES('ca419ac567ccf44626c271e94d327800acda8b5a0a6081c890578a1674db1815',2,0,1,1.79640520619004535676e+09,NULL);
CREATE INDEX ix_join_attempts_who ON join_attempts (who, at);
CREATE INDEX ix_tables_class ON tables (class_id);
CREATE INDEX ix_answers_step ON answers (game, step);
CREATE INDEX ix_tokens_seat ON tokens (table_id, seat);
COMMIT;
